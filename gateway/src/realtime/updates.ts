import type { Update } from '@tapcard/shared/realtime';
import { partyRoom, rooms } from './rooms.js';
import type { Changes, EventState } from './state.js';
import { attendeeView, staffAttendeeView, summary } from './views.js';

export interface Addressed {
  /** One room, or several (a socket in more than one of them gets the update once). */
  room: string | string[];
  /** Sockets in this room are left out (they get the same version by another update). */
  except?: string;
  update: Update;
}

/**
 * The updates one poll produces, in emit order: scoped updates to the rooms entitled to them, then
 * exactly one 'event' update to everyone, which carries the version even when it carries nothing else.
 * The door's staff phones, who see no chat, get that 'event' update without its chats; a socket also
 * subscribed in the event's room gets the full one only.
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
    const staff = changes.attendees.map(staffAttendeeView);
    out.push({ room: [rooms.organiser(eventId), rooms.door(eventId)], update: { ...head, scope: 'attendance', attendees: staff } });
    for (const a of changes.attendees) out.push({ room: rooms.attendee(eventId, a.id), update: { ...head, scope: 'attendance', attendees: [attendeeView(a)] } });
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
  const door: Update = { ...head, scope: 'event' };
  if (changes.event) event.event = door.event = summary(changes.event);
  out.push({ room: rooms.door(eventId), except: rooms.event(eventId), update: door });
  out.push({ room: rooms.event(eventId), update: event });
  return out;
}
