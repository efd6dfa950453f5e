import { useEffect, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { ButtonLink } from '../../components/Button.js';
import { LoadingScreen } from '../../components/LoadingScreen.js';
import { Page } from '../../components/Page.js';
import { routes } from '../../lib/paths.js';
import { confirmRegistration } from './api.js';
import styles from './Attendee.module.css';
import { TEXTS } from './texts.js';

interface Failure {
  /** 409: the link was used already (the access went out then). */
  used: boolean;
  message: string;
}

/**
 * event/u/confirm/:token, the link mailed for a free registration that waits for a confirmed email:
 * the token is posted once; the access then goes out by mail and the browser goes to the returned
 * token page, as after a normal registration. A used, expired or unknown link says so.
 */
export function RegistrationConfirmPage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const started = useRef(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void confirmRegistration(token).then((result) => {
      if (result.ok) return void navigate(result.answer.link, { replace: true });
      setFailure({ used: result.status === 409, message: result.errors.token ?? result.message });
    });
  }, [token, navigate]);
  if (!failure) return <LoadingScreen />;
  return (
    <Page>
      <section className={styles.ticket} aria-labelledby="confirm-title">
        <h1 id="confirm-title">{failure.used ? TEXTS.confirmUsed : TEXTS.confirmFailed}</h1>
        <p role="alert">{failure.message}</p>
        <div className={styles.actions}>
          <ButtonLink to={routes.home} variant="secondary">
            {TEXTS.home}
          </ButtonLink>
        </div>
      </section>
    </Page>
  );
}
