import { useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useMemo } from 'react';
import { useParams } from 'react-router-dom';
import { parseEventDate } from '@tapcard/shared/domain';
import { GetStartedPanel } from '../../components/GetStartedPanel.js';
import { LiveStatus } from '../../components/LiveStatus.js';
import { LoadingScreen } from '../../components/LoadingScreen.js';
import { NotFoundView } from '../../components/NotFoundView.js';
import { Page } from '../../components/Page.js';
import { useBlockContextMenu } from '../../lib/context-menu.js';
import { chipViewOf } from '../../lib/live/polls.js';
import { readDoorSession, removeDoorSession } from '../../lib/door-session.js';
import { authTokenAtom } from '../../lib/session.js';
import { bindChip, chipQuery } from './api.js';
import { CheckInView, doorSessionCheckIn, organiserCheckIn } from './CheckInView.js';
import { ChipAttendeeView } from './ChipAttendeeView.js';
import { saveChipAccess } from './chip-access.js';
import { TEXTS } from './texts.js';
import { TokenForm } from './TokenForm.js';
import { useChip } from './useChip.js';

/**
 * events/d/chip/i/:chip_id, in this order: a loader; the onboarding page when the start date fails
 * the date check; the check-in view for the event's organiser (a stored login token the server
 * recognises as the organiser's) or for a phone holding a door session for the chip's event; the
 * attendee view when the chip has an attendee (any other signed-in viewer too); else the access-token
 * entry, which binds the chip and reloads it.
 */
export function ChipPage() {
  useBlockContextMenu();
  const { chip_id: chipId = '' } = useParams();
  const token = useAtomValue(authTokenAtom);
  const queryClient = useQueryClient();
  const { record, live, view } = useChip(chipId);
  // Read once per event: a door session the server refuses (its link revoked) is forgotten for the
  // next visit, while this one keeps the check-in view with the refusal on screen.
  const eventId = view?.eventId;
  const doorSession = useMemo(() => (eventId ? readDoorSession(eventId) : null), [eventId]);

  if (record.isError || live.error) return <NotFoundView />;
  if (!view || !record.data) return <LoadingScreen />;
  if (!parseEventDate(view.event.start_date)) return <GetStartedPanel />;

  const status = <LiveStatus connection={live.connection} stale={live.stale} hasView />;
  // Only the event's organiser, or a phone with a door session for this event, checks in here; any
  // other viewer, signed in or not, gets the attendee view.
  const door = token && record.data.data.is_organiser ? null : doorSession;
  if ((token && record.data.data.is_organiser) || door) {
    const send = door
      ? doorSessionCheckIn(door.session, () => removeDoorSession(door.eventId))
      : organiserCheckIn(chipId, view.eventId);
    return (
      <Page>
        {status}
        <CheckInView view={view} applyLocal={live.applyLocal} send={send} />
      </Page>
    );
  }
  const { attendee } = view;
  if (attendee) {
    return (
      <Page>
        {status}
        <ChipAttendeeView chipId={chipId} view={{ ...view, attendee }} />
      </Page>
    );
  }

  const bind = async (accessToken: string): Promise<string | null> => {
    const result = await bindChip(chipId, accessToken);
    if (!result.ok) return result.message;
    saveChipAccess(chipId, accessToken);
    // Read the chip again, so its new binding shows at once (no page reload).
    const fresh = await queryClient.fetchQuery({ ...chipQuery(chipId), staleTime: 0 });
    live.applyLocal({ chip: { chipId, attendee: chipViewOf(fresh.data).attendee } });
    return null;
  };
  return (
    <Page>
      {status}
      <TokenForm title={TEXTS.tokenTitle} onToken={bind} />
    </Page>
  );
}
