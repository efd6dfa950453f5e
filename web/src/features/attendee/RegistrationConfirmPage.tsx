import { useParams } from 'react-router-dom';
import { ButtonLink } from '../../components/Button.js';
import { LoadingScreen } from '../../components/LoadingScreen.js';
import { routes } from '../../lib/paths.js';
import { confirmRegistration } from './api.js';
import { TEXTS } from './texts.js';
import { TicketOutcome, useRedeemedLink } from './TicketOutcome.js';

/**
 * event/u/confirm/:token, the link mailed for a free registration that waits for a confirmed email:
 * the token is posted once; the access then goes out by mail and the browser goes to the returned
 * token page, as after a normal registration. A used (409: the access went out then), expired or
 * unknown link says so.
 */
export function RegistrationConfirmPage() {
  const { token = '' } = useParams();
  const failure = useRedeemedLink(token, confirmRegistration);
  if (!failure) return <LoadingScreen />;
  return (
    <TicketOutcome titleId="confirm-title" title={failure.status === 409 ? TEXTS.confirmUsed : TEXTS.confirmFailed} message={failure.message}>
      <ButtonLink to={routes.home} variant="secondary">
        {TEXTS.home}
      </ButtonLink>
    </TicketOutcome>
  );
}
