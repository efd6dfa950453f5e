import { useId, useState } from 'react';
import { useParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { organiserMessageTexts } from '@tapcard/shared/rules';
import { Button, ButtonLink } from '../../components/Button.js';
import { routes } from '../../lib/paths.js';
import { LoadingScreen } from '../../components/LoadingScreen.js';
import { Page } from '../../components/Page.js';
import { unsubscribeFromMessages, unsubscribeInfoQuery } from './api.js';
import styles from './Attendee.module.css';

export const UNSUBSCRIBE_TEXTS = {
  title: 'Unsubscribe from event messages',
  question: (event: string) => `Stop receiving messages from the organiser of ${event}?`,
  note: 'Your tickets and reminders will still arrive.',
  confirm: 'Unsubscribe',
  done: 'You are unsubscribed',
  already: 'You are already unsubscribed from this event’s messages.',
  failed: 'This link does not work',
  home: 'Home',
} as const;

/**
 * events/unsubscribe/:token, the unsubscribe link of an organiser's message mail. Opening it changes
 * nothing (mail scanners open links): the button posts the unsubscribe, as a mail client's one-click
 * unsubscribe does, and the answer takes its place.
 */
export function UnsubscribePage() {
  const { token = '' } = useParams();
  const headingId = useId();
  const info = useQuery({ ...unsubscribeInfoQuery(token), retry: false });
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<{ ok: boolean; message: string } | null>(null);
  if (info.isPending) return <LoadingScreen />;
  const unsubscribe = async () => {
    setBusy(true);
    const result = await unsubscribeFromMessages(token);
    setBusy(false);
    setAnswer(result.ok ? { ok: true, message: result.answer.message ?? organiserMessageTexts.unsubscribed } : { ok: false, message: result.message });
  };
  const title = info.isError ? UNSUBSCRIBE_TEXTS.failed : answer?.ok || info.data.data.unsubscribed ? UNSUBSCRIBE_TEXTS.done : UNSUBSCRIBE_TEXTS.title;
  return (
    <Page>
      <section className={styles.ticket} aria-labelledby={headingId}>
        <h1 id={headingId}>{title}</h1>
        {info.isError ? (
          <p role="alert">{info.error.message || organiserMessageTexts.unsubscribeInvalid}</p>
        ) : answer ? (
          <p role={answer.ok ? 'status' : 'alert'}>{answer.message}</p>
        ) : info.data.data.unsubscribed ? (
          <p>{UNSUBSCRIBE_TEXTS.already}</p>
        ) : (
          <>
            <p>{UNSUBSCRIBE_TEXTS.question(info.data.data.event_title)}</p>
            <p>{UNSUBSCRIBE_TEXTS.note}</p>
            <div className={styles.actions}>
              <Button busy={busy} onClick={() => void unsubscribe()}>
                {UNSUBSCRIBE_TEXTS.confirm}
              </Button>
            </div>
          </>
        )}
        {(info.isError || answer || info.data.data.unsubscribed) && (
          <div className={styles.actions}>
            <ButtonLink to={routes.home} variant="secondary">
              {UNSUBSCRIBE_TEXTS.home}
            </ButtonLink>
          </div>
        )}
      </section>
    </Page>
  );
}
