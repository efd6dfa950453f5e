import { useParams } from 'react-router-dom';
import { ButtonLink } from '../../components/Button.js';
import { LoadingScreen } from '../../components/LoadingScreen.js';
import { paths } from '../../lib/paths.js';
import { redeemTicketRecovery } from './api.js';
import { TEXTS } from './texts.js';
import { TicketOutcome, useRedeemedLink } from './TicketOutcome.js';

/**
 * events/l/:id/recover-ticket/:token, the link of a "Lost your ticket?" mail: the token is posted once;
 * the ticket then has a new access link (mailed too) and the browser goes to its token page. An
 * expired, used or unknown link says so, with the way back to the event to ask again.
 */
export function TicketRecoveryPage() {
  const { id = '', token = '' } = useParams();
  const failure = useRedeemedLink(token, redeemTicketRecovery);
  if (!failure) return <LoadingScreen />;
  return (
    <TicketOutcome titleId="recovery-title" title={TEXTS.recoveryFailed} message={failure.message}>
      <ButtonLink to={paths.openEvent(id)} variant="secondary">
        {TEXTS.backToEvent}
      </ButtonLink>
    </TicketOutcome>
  );
}
