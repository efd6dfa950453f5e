import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../lib/api.js';
import { saveDoorSession, type StoredDoorSession } from '../../lib/door-session.js';
import { useDoorLive } from '../../lib/live/useLiveEvent.js';
import { DeskHeader } from './DeskHeader.js';
import { DeskStatus } from './DeskStatus.js';
import { doorSessionQuery } from './api.js';
import styles from './Door.module.css';
import { DoorCounts } from './DoorCounts.js';
import { DoorNotices } from './DoorNotices.js';
import { DoorSearch } from './DoorSearch.js';
import { clearDoorHandover, doorHandover } from './handover.js';
import { ModeSwitch } from './ModeSwitch.js';
import { ResultCard } from './ResultCard.js';
import { pollDoorSession } from './desk/poll.js';
import { feedbackOf } from './desk/result.js';
import { useDoorDesk } from './desk/useDoorDesk.js';
import { playFeedback } from './scanner/feedback.js';
import { Scanner } from './scanner/Scanner.js';
import { SoundToggle } from './scanner/SoundToggle.js';
import { useWedgeScanner } from './scanner/useWedgeScanner.js';

interface Props {
  session: StoredDoorSession;
  /** The session ended (revoked or expired link): why, and how many check-ins could not be sent. */
  onRefused: (message: string, unsynced: number) => void;
}

/** One door session's page: the gate, the live count, the scanner, the last result and the search. */
export function DoorDesk({ session, onRefused }: Props) {
  const live = useDoorLive(session.session, pollDoorSession);
  const check = useQuery({
    ...doorSessionQuery(session.session),
    retry: false,
  });
  const info = check.data?.data;
  const gate = live.view?.gate ?? info?.gate ?? session.gate;
  // The total ticket stock the count is of; kept on the phone, so an offline start counts of it too.
  const totalStock = info?.total_stock ?? session.totalStock ?? null;
  const desk = useDoorDesk({ eventId: session.eventId, session: session.session, gate, totalStock, live, onRefused });
  const { result, submit, setMode } = desk;

  const refusedBy = check.error instanceof ApiError && (check.error.status === 401 || check.error.status === 403) ? check.error.message : null;
  const { refuse } = desk;
  useEffect(() => {
    if (refusedBy !== null) refuse(refusedBy);
  }, [refusedBy, refuse]);
  // A scan's card sounds; the sync turning a queued card into 'synced' later is silent.
  useEffect(() => {
    if (result && result.outcome !== 'synced') playFeedback(feedbackOf(result.outcome));
  }, [result]);
  const onCode = useCallback((text: string) => void submit({ kind: 'code', text }), [submit]);
  useWedgeScanner(onCode);

  // What the door's light page took before this desk was there: its mode, then its tickets, in order.
  const [handover] = useState(() => doorHandover(session.eventId));
  const handedOver = useRef(false);
  useEffect(() => {
    if (!handover || handedOver.current) return;
    handedOver.current = true;
    clearDoorHandover();
    setMode(handover.mode);
    for (const text of handover.codes) void submit({ kind: 'code', text });
  }, [handover, setMode, submit]);

  const checkOut = info?.check_out ?? session.checkOut ?? false;
  // Kept on the phone, so the exit mode is offered offline too.
  useEffect(() => {
    if (info && (info.check_out !== session.checkOut || info.total_stock !== session.totalStock)) {
      saveDoorSession({ ...session, checkOut: info.check_out, totalStock: info.total_stock });
    }
  }, [info, session]);
  useEffect(() => {
    if (!checkOut) setMode('in');
  }, [checkOut, setMode]);
  return (
    <section className={styles.desk} aria-labelledby="door-title">
      <DeskHeader gate={gate} eventTitle={info?.event.title ?? session.eventTitle} expiresAt={info?.expires_at ?? session.expiresAt} />
      <DeskStatus online={desk.online} live={live.connection === 'live' && live.error === null} queueSize={desk.queueSize} />
      <DoorCounts counts={desk.counts} />
      {checkOut && <ModeSwitch mode={desk.mode} onChange={desk.setMode} />}
      <Scanner onCode={onCode} />
      <ResultCard result={result} />
      <SoundToggle />
      <DoorSearch session={session.session} online={desk.online} list={desk.attendees} mode={desk.mode} onInput={submit} onSearch={desk.clearResult} onRefused={refuse} start={handover} />
      <DoorNotices notices={desk.notices} onDismiss={desk.dismiss} />
    </section>
  );
}
