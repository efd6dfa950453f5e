import { useCallback, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Page } from '../../components/Page.js';
import { pickDoorSession, readDoorSessions, removeDoorSession } from '../../lib/door-session.js';
import { paths } from '../../lib/paths.js';
import { DoorDesk } from './DoorDesk.js';
import { NoSession, type Ended } from './NoSession.js';
import { registerDoorWorker } from './pwa/register.js';
import { TEXTS } from './texts.js';

/**
 * /door: a staff phone's door page for the door session of one event (the `event` in the address, or
 * the phone's newest). The server checks the session on every call and the gateway ends its live view
 * at once when the organiser revokes the link: the phone then forgets the session and says why.
 */
export function DoorPage() {
  const [params] = useSearchParams();
  const [sessions, setSessions] = useState(() => readDoorSessions());
  const wanted = params.get('event');
  const current = pickDoorSession(sessions, wanted);
  const [ended, setEnded] = useState<Ended | null>(null);
  useEffect(() => registerDoorWorker(), []);

  const eventId = current?.eventId;
  const forget = useCallback(
    (message: string, unsynced: number) => {
      if (eventId) removeDoorSession(eventId);
      setSessions(readDoorSessions());
      setEnded({ message, unsynced });
    },
    [eventId],
  );

  if (!current) {
    return (
      <Page>
        <NoSession ended={ended} />
      </Page>
    );
  }
  return (
    <Page>
      <DoorDesk key={current.eventId} session={current} onRefused={forget} />
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
