import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { isTicketShaped } from '@tapcard/shared/domain';
import { Button } from '../../components/Button.js';
import { EmptyState } from '../../components/Page.js';
import { Spinner } from '../../components/Spinner.js';
import { ApiError } from '../../lib/api.js';
import { doorSearchQuery } from './api.js';
import styles from './Door.module.css';
import { DoorSearchForm } from './DoorSearchForm.js';
import { searchList } from './desk/list.js';
import { timeOf } from './desk/result.js';
import type { DoorListAttendee } from './desk/store.js';
import type { DoorInput, DoorMode } from './desk/useDoorDesk.js';
import type { SearchStart } from './handover.js';
import { TEXTS } from './texts.js';

interface Found {
  id: string;
  name: string;
  image: string;
  detail: string | null;
  checked_in: boolean;
  checked_in_at: string | null;
  checked_in_by: string | null;
}

interface Props {
  session: string;
  online: boolean;
  /** The phone's list (with its own unsent check-ins), for the offline search and the freshest state. */
  list: DoorListAttendee[];
  mode: DoorMode;
  onInput: (input: DoorInput) => Promise<void>;
  /** A name search was made: the last scan's card no longer applies. */
  onSearch: () => void;
  /** The server refused the session itself (revoked or expired link). */
  onRefused: (message: string) => void;
  /** What the door's light page had in the box (and searched for) before this page took it over. */
  start?: SearchStart | null;
}

const fromList = (a: DoorListAttendee): Found => ({ id: a.id, name: a.name, image: a.image, detail: a.price_category || null, checked_in: a.checked_in, checked_in_at: a.checked_in_at ?? null, checked_in_by: a.checked_in_by ?? null });

/**
 * The manual fallback: finds attendees by name or email on the server (by name in the phone's list
 * when offline), and admits a ticket code typed or pasted into it (or typed by a scanner in keyboard
 * mode while the box has the focus) as a scan.
 */
export function DoorSearch({ session, online, list, mode, onInput, onSearch, onRefused, start }: Props) {
  const queryClient = useQueryClient();
  const [text, setText] = useState(start?.draft ?? '');
  const [submitted, setSubmitted] = useState(start?.search ?? '');
  const resultsId = useId();
  const search = useQuery({
    ...doorSearchQuery(session, submitted),
    enabled: submitted !== '' && online,
    retry: false,
    // A door search is a live lookup: another gate may have checked someone in, or the link been revoked.
    staleTime: 0,
  });
  const error = search.error;
  useEffect(() => {
    if (error instanceof ApiError && (error.status === 401 || error.status === 403)) onRefused(error.message);
  }, [error, onRefused]);
  const local = !online || (error instanceof ApiError && error.kind === 'network');

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const query = text.trim();
    if (isTicketShaped(query)) {
      setText('');
      void onInput({ kind: 'code', text: query });
      return;
    }
    onSearch();
    // The same words again: ask the server again rather than show the last answer.
    if (query === submitted) void search.refetch();
    else setSubmitted(query);
  };
  const pick = async (a: Found) => {
    await onInput({ kind: 'attendee', id: a.id, name: a.name, image: a.image });
    await queryClient.invalidateQueries({ queryKey: doorSearchQuery(session, submitted).queryKey });
  };

  const byId = new Map(list.map((a) => [a.id, a]));
  const found: Found[] | undefined = local
    ? searchList(list, submitted).map(fromList)
    : search.data?.data.attendees.map((a) => {
        // This phone's own check-in (sent, or waiting to be) may be newer than the search answer.
        const mine = byId.get(a.id);
        const state = mine?.checked_in && !a.checked_in ? mine : a;
        const detail = [a.email, a.price_category].filter(Boolean).join(' · ');
        return { id: a.id, name: a.name, image: a.image, detail, checked_in: state.checked_in, checked_in_at: state.checked_in_at ?? null, checked_in_by: state.checked_in_by ?? null };
      });
  return (
    <>
      <DoorSearchForm text={text} onText={setText} onSubmit={submit} online={online} busy={search.isFetching} autoFocus={start?.focused} />
      {submitted !== '' && (
        <section aria-labelledby={resultsId}>
          <h2 id={resultsId} className="visually-hidden">
            {TEXTS.results}
          </h2>
          {!local && search.isPending ? (
            <Spinner size={24} label={TEXTS.searching} />
          ) : !local && search.isError ? (
            <p className={styles.error} role="alert">
              {search.error.message}
            </p>
          ) : found && found.length === 0 ? (
            <EmptyState title={TEXTS.noResults(submitted)} />
          ) : (
            <ul className={styles.results}>
              {found?.map((a) => (
                <FoundRow key={a.id} attendee={a} mode={mode} onPick={() => void pick(a)} />
              ))}
            </ul>
          )}
        </section>
      )}
    </>
  );
}

function FoundRow({ attendee: a, mode, onPick }: { attendee: Found; mode: DoorMode; onPick: () => void }) {
  const canAct = mode === 'in' ? !a.checked_in : a.checked_in;
  return (
    <li className={styles.found}>
      <div>
        <p className={styles.name}>{a.name}</p>
        {a.detail && <p className={styles.muted}>{a.detail}</p>}
        {a.checked_in && <p className={styles.ok}>{a.checked_in_at ? TEXTS.checkedInAt(a.checked_in_by, timeOf(a.checked_in_at)) : TEXTS.checkedIn}</p>}
      </div>
      {canAct && (
        <Button aria-label={mode === 'in' ? TEXTS.checkInName(a.name) : TEXTS.checkOutName(a.name)} onClick={onPick}>
          {mode === 'in' ? TEXTS.checkIn : TEXTS.checkOut}
        </Button>
      )}
    </li>
  );
}
