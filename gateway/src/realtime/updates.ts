import type { Update } from '@tapcard/shared/realtime';
import { partyRoom, rooms } from './rooms.js';
import type { Changes, EventState } from './state.js';
import { attendeeView, summary } from './views.js';

export interface Addressed {
  room: string;
  update: Update;
}

/**
 * The updates one poll produces, in emit order: scoped updates to the rooms entitled to them, then
 * exactly one 'event' update to everyone, which carries the version even when it carries nothing else.
 */
export function buildUpdates(state: EventState, changes: Changes): Addressed[] {
  const { eventId } = state;
  const head = { eventId, version: changes.version, prevVersion: changes.prevVersion };
  const out: Addressed[] = [];

  const privateByRoom = new Map<string, Changes['privateChats']>();
  for (const message of changes.privateChats) {
    for (const party of new Set([message.attendee_id_1, message.attendee_id_2])) {
      const room = partyRoom(eventId, party);
      const list = privateByRoom.get(room) ?? [];
      list.push(message);
      privateByRoom.set(room, list);
    }
  }
  for (const [room, private_chats] of privateByRoom) out.push({ room, update: { ...head, scope: 'private', private_chats } });

  if (changes.attendees.length > 0) {
    const views = changes.attendees.map(attendeeView);
    out.push({ room: rooms.organiser(eventId), update: { ...head, scope: 'attendance', attendees: views } });
    for (const view of views) out.push({ room: rooms.attendee(eventId, view.id), update: { ...head, scope: 'attendance', attendees: [view] } });
  }

  const attendees = new Map(state.attendees.map((a) => [a.id, a]));
  for (const chip of changes.chips) {
    const bound = chip.attendee_id === null ? undefined : attendees.get(chip.attendee_id);
    out.push({
      room: rooms.chip(eventId, chip.id),
      update: { ...head, scope: 'chip', chip: { chipId: chip.id, attendee: bound ? attendeeView(bound) : null } },
    });
  }

  const event: Update = { ...head, scope: 'event', chats: changes.chats };
  if (changes.event) event.event = summary(changes.event);
  out.push({ room: rooms.event(eventId), update: event });
  return out;
}
