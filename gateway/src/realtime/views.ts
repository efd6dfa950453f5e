import { isAdminId } from '@tapcard/shared/domain';
import type { EventSummary, LiveAttendee } from '@tapcard/shared/contract';
import type { Snapshot } from '@tapcard/shared/realtime';
import type { EventDetails, EventState } from './state.js';

/** What each audience may see of an event's state. */

export type AttendeeView = Omit<LiveAttendee, 'seq'>;

export type Audience =
  | { kind: 'arena'; attendeeId: string; fallback: AttendeeView }
  | { kind: 'organiser' }
  | { kind: 'chip'; chipId: string; fallback: AttendeeView | null };

export function summary(e: EventDetails): EventSummary {
  return {
    id: e.id,
    clean_name: e.clean_name,
    title: e.title,
    description: e.description,
    location: e.location,
    image: e.image,
    start_date: e.start_date,
    end_date: e.end_date,
  };
}

export function attendeeView(a: LiveAttendee): AttendeeView {
  return { id: a.id, name: a.name, image: a.image, price_category: a.price_category, checked_in: a.checked_in };
}

function findAttendee(state: EventState, id: string | null): AttendeeView | undefined {
  if (id === null) return undefined;
  const found = state.attendees.find((a) => a.id === id);
  return found ? attendeeView(found) : undefined;
}

export function buildView(state: EventState, audience: Audience): Snapshot {
  const base = { eventId: state.eventId, version: state.version, event: summary(state.event) };
  switch (audience.kind) {
    case 'arena': {
      const id = audience.attendeeId;
      return {
        kind: 'arena',
        ...base,
        attendee: findAttendee(state, id) ?? audience.fallback,
        chats: state.chats,
        private_chats: state.private_chats.filter((m) => m.attendee_id_1 === id || m.attendee_id_2 === id),
      };
    }
    case 'organiser':
      return {
        kind: 'organiser',
        ...base,
        attendees: state.attendees.map(attendeeView),
        chats: state.chats,
        private_chats: state.private_chats.filter((m) => isAdminId(m.attendee_id_1) || isAdminId(m.attendee_id_2)),
      };
    case 'chip': {
      const binding = state.chips.find((c) => c.id === audience.chipId);
      const bound = binding ? findAttendee(state, binding.attendee_id) : undefined;
      const attendee = bound ?? (binding?.attendee_id === null ? null : audience.fallback);
      return { kind: 'chip', ...base, chipId: audience.chipId, attendee, chats: state.chats };
    }
  }
}
