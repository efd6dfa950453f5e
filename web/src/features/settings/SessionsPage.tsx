import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { SessionInfo } from '@tapcard/shared/contract';
import { Button } from '../../components/Button.js';
import { ConfirmDialog } from '../../components/Dialog.js';
import { BackLink, EmptyState, Page } from '../../components/Page.js';
import { Spinner } from '../../components/Spinner.js';
import { ApiError } from '../../lib/api.js';
import { routes } from '../../lib/paths.js';
import { notify } from '../../lib/toast.js';
import { endSessions, sessionsQuery } from './api.js';
import styles from './Settings.module.css';
import { SESSION_TEXTS as TEXTS } from './texts.js';

/** What the confirmation dialog is about to do: end one session, or every other one. */
type Pending = { kind: 'one'; session: SessionInfo } | { kind: 'others' };

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
function DateText({ iso }: { iso: string }) {
  const date = new Date(iso);
  return <time dateTime={iso}>{Number.isNaN(date.getTime()) ? iso : when.format(date)}</time>;
}

const deviceOf = (session: SessionInfo) => session.device || TEXTS.unknownDevice;

/**
 * Active sessions (settings, ours): every device signed in to the account, newest first, this one
 * marked; any other can be ended, or all of them at once, each after a confirmation. Ending one makes
 * its token stop working on the server at once.
 */
export function SessionsPage() {
  const queryClient = useQueryClient();
  const heading = useRef<HTMLHeadingElement>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const sessions = useQuery({
    ...sessionsQuery(),
    staleTime: 0,
  });

  const end = useMutation({
    mutationFn: async (target: Pending) => {
      await endSessions(target.kind === 'one' ? { sessionId: target.session.id } : 'others');
    },
    onSuccess: (_answer, target) => {
      notify.success(target.kind === 'one' ? TEXTS.ended : TEXTS.othersEnded);
      setPending(null);
    },
    onError: (error) => {
      // A session that ended meanwhile (404) is gone all the same: the refreshed list says so.
      if (!(error instanceof ApiError && error.status === 404)) notify.error(TEXTS.endFailed);
      setPending(null);
    },
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: sessionsQuery().queryKey });
      // The button that opened the dialog may be gone with its row: focus goes back to the page's heading.
      const active = document.activeElement;
      if (!active || active === document.body || !active.isConnected) heading.current?.focus();
    },
  });

  let body;
  if (sessions.isPending) {
    body = (
      <div className={styles.state}>
        <Spinner />
      </div>
    );
  } else if (sessions.isError) {
    body = (
      <div className={styles.state} role="alert">
        <p>{TEXTS.loadFailed}</p>
        <Button onClick={() => void sessions.refetch()}>{TEXTS.retry}</Button>
      </div>
    );
  } else {
    const others = sessions.data.filter((s) => !s.current);
    body = (
      <>
        {sessions.data.length > 0 && (
        <ul className={styles.sessions} aria-label={TEXTS.heading}>
          {sessions.data.map((session) => (
            <li key={session.id} className={styles.session}>
              <div>
                <h2 className={styles.device}>
                  {deviceOf(session)}
                  {session.current && <span className={styles.badge}>{TEXTS.thisDevice}</span>}
                </h2>
                <p className={styles.meta}>
                  {TEXTS.signedIn} <DateText iso={session.created_at} />
                  <br />
                  {TEXTS.lastActive} <DateText iso={session.last_used_at} />
                </p>
              </div>
              {!session.current && (
                <Button variant="secondary" onClick={() => setPending({ kind: 'one', session })} aria-label={`${TEXTS.endSession}: ${deviceOf(session)}`}>
                  {TEXTS.endSession}
                </Button>
              )}
            </li>
          ))}
        </ul>
        )}
        {others.length === 0 ? (
          <EmptyState title={TEXTS.empty}>
            <p>{TEXTS.emptyNote}</p>
          </EmptyState>
        ) : (
          <Button variant="danger" block onClick={() => setPending({ kind: 'others' })}>
            {TEXTS.endOthers}
          </Button>
        )}
      </>
    );
  }

  return (
    <Page>
      <BackLink to={routes.settings}>Settings</BackLink>
      <h1 ref={heading} tabIndex={-1}>
        {TEXTS.heading}
      </h1>
      <p className={styles.intro}>{TEXTS.intro}</p>
      {body}
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        title={pending?.kind === 'others' ? TEXTS.confirmOthersTitle : TEXTS.confirmEndTitle}
        description={pending?.kind === 'one' ? TEXTS.confirmEnd(deviceOf(pending.session)) : TEXTS.confirmOthers}
        confirmLabel={pending?.kind === 'others' ? TEXTS.endOthers : TEXTS.endSession}
        cancelLabel={TEXTS.cancel}
        onConfirm={() => pending && end.mutate(pending)}
        busy={end.isPending}
      />
    </Page>
  );
}
