import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { doorCalls, type DoorAttendee, type DoorCheckIn } from '@tapcard/shared/contract';
import { Button } from '../../components/Button.js';
import { TextField } from '../../components/Field.js';
import { EmptyState, Page } from '../../components/Page.js';
import { Spinner } from '../../components/Spinner.js';
import { apiOrThrow, ApiError } from '../../lib/api.js';
import { readDoorSessions, removeDoorSession, type StoredDoorSession } from '../../lib/door-session.js';
import { paths } from '../../lib/paths.js';
import { queryKeys } from '../../lib/query-keys.js';
import styles from './Door.module.css';
import { TEXTS } from './texts.js';

const timeOf = (iso: string): string => new Date(iso).toLocaleString([], { dateStyle: 'medium', timeStyle: 'short' });

/** A refusal of the door session itself (revoked, expired, unknown): the phone forgets it. */
const sessionRefused = (error: unknown): boolean => error instanceof ApiError && error.status === 403;

function newClientId(): string {
  return globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

/**
 * /door: a staff phone's door page. It names the gate and event of the phone's door session, and
 * checks attendees in by a search on name or email (until the camera scanner exists). The server
 * checks the session on every call: once the organiser revokes the link, the next call says so and
 * the phone forgets the session.
 */
export function DoorPage() {
  const [params] = useSearchParams();
  const [sessions, setSessions] = useState(() => readDoorSessions());
  const wanted = params.get('event');
  const current = sessions.find((s) => s.eventId === wanted) ?? sessions[0] ?? null;
  const [ended, setEnded] = useState<string | null>(null);

  const forget = (session: StoredDoorSession, message: string) => {
    removeDoorSession(session.eventId);
    setSessions(readDoorSessions());
    setEnded(message);
  };

  if (!current) {
    return (
      <Page>
        <section className={styles.card} aria-labelledby="door-title">
          <h1 id="door-title">{ended ? TEXTS.ended : TEXTS.noSession}</h1>
          {ended && (
            <p className={styles.error} role="alert">
              {ended}
            </p>
          )}
          <p className={styles.muted}>{TEXTS.noSessionLead}</p>
        </section>
      </Page>
    );
  }
  return (
    <Page>
      <DoorSession key={current.eventId} session={current} onRefused={(message) => forget(current, message)} />
      {sessions.length > 1 && (
        <nav aria-label={TEXTS.otherSessions}>
          <h2>{TEXTS.otherSessions}</h2>
          <ul>
            {sessions
              .filter((s) => s !== current)
              .map((s) => (
                <li key={s.eventId}>
                  <Link to={paths.door(s.eventId)}>{TEXTS.atGate(s.gate, s.eventTitle)}</Link>
                </li>
              ))}
          </ul>
        </nav>
      )}
    </Page>
  );
}

function DoorSession({ session, onRefused }: { session: StoredDoorSession; onRefused: (message: string) => void }) {
  const check = useQuery({
    queryKey: queryKeys.doorSession(session.eventId),
    queryFn: ({ signal }) => apiOrThrow(doorCalls.doorSession, { body: { session: session.session }, signal }),
    retry: false,
  });
  useRefusal(check.error, onRefused);
  const gate = check.data?.data.gate ?? session.gate;
  const title = check.data?.data.event.title ?? session.eventTitle;
  return (
    <section className={styles.card} aria-labelledby="door-title">
      <h1 id="door-title">{TEXTS.atGate(gate, title)}</h1>
      <p className={styles.muted}>
        {TEXTS.until} <time dateTime={session.expiresAt}>{timeOf(check.data?.data.expires_at ?? session.expiresAt)}</time>
      </p>
      <DoorSearch session={session} onRefused={onRefused} />
    </section>
  );
}

function DoorSearch({ session, onRefused }: { session: StoredDoorSession; onRefused: (message: string) => void }) {
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [submitted, setSubmitted] = useState('');
  const [outcome, setOutcome] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);
  const resultsId = useId();

  const search = useQuery({
    queryKey: queryKeys.doorSearch(session.eventId, submitted),
    queryFn: ({ signal }) => apiOrThrow(doorCalls.doorSearch, { body: { session: session.session, query: submitted }, signal }),
    enabled: submitted !== '',
    retry: false,
    // A door search is a live lookup: another gate may have checked someone in, or the link been revoked.
    staleTime: 0,
  });
  const checkIn = useMutation({
    mutationFn: (attendee: DoorAttendee) => apiOrThrow(doorCalls.doorCheckIn, { body: { session: session.session, attendee_id: attendee.id, client_id: newClientId() } }),
    onSuccess: ({ data }, attendee) => {
      setOutcome(outcomeText(data, attendee.name));
      void queryClient.invalidateQueries({ queryKey: queryKeys.doorSearch(session.eventId, submitted) });
    },
    onError: (error) => {
      if (sessionRefused(error)) onRefused(error.message);
      else setOutcome({ tone: 'error', text: error.message });
    },
  });
  useRefusal(search.error, onRefused);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setOutcome(null);
    const query = text.trim();
    // The same words again: ask the server again rather than show the last answer.
    if (query === submitted) void search.refetch();
    else setSubmitted(query);
  };
  const found = search.data?.data.attendees;
  return (
    <>
      <form className={styles.search} onSubmit={submit} role="search" aria-label={TEXTS.searchLabel}>
        <TextField label={TEXTS.searchLabel} hint={TEXTS.searchHint} type="search" value={text} onChange={(e) => setText(e.target.value)} autoComplete="off" maxLength={100} />
        <Button type="submit" disabled={text.trim() === ''} busy={search.isFetching}>
          {TEXTS.search}
        </Button>
      </form>
      <p className={outcome?.tone === 'error' ? styles.error : styles.status} role="status" aria-live="polite">
        {outcome?.text ?? ''}
      </p>
      {submitted !== '' && (
        <section aria-labelledby={resultsId}>
          <h2 id={resultsId} className="visually-hidden">
            {TEXTS.results}
          </h2>
          {search.isPending ? (
            <Spinner size={24} label={TEXTS.searching} />
          ) : search.isError ? (
            <p className={styles.error} role="alert">
              {search.error.message}
            </p>
          ) : found && found.length === 0 ? (
            <EmptyState title={TEXTS.noResults(submitted)} />
          ) : (
            <ul className={styles.results}>
              {found?.map((a) => (
                <li key={a.id} className={styles.result}>
                  <div>
                    <p className={styles.name}>{a.name}</p>
                    <p className={styles.muted}>
                      {a.email} · {a.price_category}
                    </p>
                    {a.checked_in && <p className={styles.ok}>{a.checked_in_at ? TEXTS.checkedInAt(a.checked_in_by, timeOf(a.checked_in_at)) : TEXTS.checkedIn}</p>}
                  </div>
                  {!a.checked_in && (
                    <Button aria-label={TEXTS.checkInName(a.name)} busy={checkIn.isPending && checkIn.variables.id === a.id} onClick={() => checkIn.mutate(a)}>
                      {TEXTS.checkIn}
                    </Button>
                  )}
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
    </>
  );
}

/** Forgets the session and says why when a read was refused because of it. */
function useRefusal(error: Error | null, onRefused: (message: string) => void): void {
  useEffect(() => {
    if (error && sessionRefused(error)) onRefused(error.message);
  }, [error, onRefused]);
}

function outcomeText(answer: DoorCheckIn, name: string): { tone: 'ok' | 'error'; text: string } {
  if (answer.outcome === 'admitted') return { tone: 'ok', text: TEXTS.admitted(answer.attendee?.name ?? name) };
  if (answer.outcome === 'already') return { tone: 'error', text: TEXTS.already(answer.attendee?.name ?? name, answer.checked_in_by, answer.checked_in_at ? timeOf(answer.checked_in_at) : '') };
  return { tone: 'error', text: TEXTS.unknown };
}
