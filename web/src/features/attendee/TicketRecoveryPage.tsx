import { useEffect, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { ButtonLink } from '../../components/Button.js';
import { LoadingScreen } from '../../components/LoadingScreen.js';
import { Page } from '../../components/Page.js';
import { paths } from '../../lib/paths.js';
import { redeemTicketRecovery } from './api.js';
import styles from './Attendee.module.css';
import { TEXTS } from './texts.js';

/**
 * events/l/:id/recover-ticket/:token, the link of a "Lost your ticket?" mail: the token is posted once;
 * the ticket then has a new access link (mailed too) and the browser goes to its token page. An
 * expired, used or unknown link says so, with the way back to the event to ask again.
 */
export function TicketRecoveryPage() {
  const { id = '', token = '' } = useParams();
  const navigate = useNavigate();
  const started = useRef(false);
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void redeemTicketRecovery(token).then((result) => {
      if (result.ok) return void navigate(result.answer.link, { replace: true });
      setFailure(result.errors.token ?? result.message);
    });
  }, [token, navigate]);
  if (failure === null) return <LoadingScreen />;
  return (
    <Page>
      <section className={styles.ticket} aria-labelledby="recovery-title">
        <h1 id="recovery-title">{TEXTS.recoveryFailed}</h1>
        <p role="alert">{failure}</p>
        <div className={styles.actions}>
          <ButtonLink to={paths.openEvent(id)} variant="secondary">
            {TEXTS.backToEvent}
          </ButtonLink>
        </div>
      </section>
    </Page>
  );
}
