import type { LiveAttendee } from '@tapcard/shared/contract';
import type { Update } from '@tapcard/shared/realtime';
import { partyRoom, rooms } from './rooms.js';
import type { Changes, EventState } from './state.js';
import { announcementsFor, attendeeView, blockedBy, doorAttendeeView, organiserAttendeeView, ownAttendeeView, summary } from './views.js';
import type { AttendeeView } from './views.js';

export interface Addressed {
  /** One room, or several (a socket in more than one of them gets the update once). */
  room: string | string[];
  /** Sockets in this room are left out (they get the same version by another update). */
  except?: string;
  update: Update;
}

/** The changed attendees whose record as `view` cuts it changed (a mute alone is no news to the door). */
function changedAs(changes: Changes, view: (a: LiveAttendee) => AttendeeView): AttendeeView[] {
  return changes.attendees.flatMap((a) => {
    const before = changes.previousAttendees.get(a.id);
    const now = view(a);
    // Views are built field by field in one order, so equal records serialise alike.
    return before && JSON.stringify(view(before)) === JSON.stringify(now) ? [] : [now];
  });
}

/**
 * The updates one poll produces, in emit order: scoped updates to the rooms entitled to them, then
 * exactly one 'event' update to everyone, which carries the version even when it carries nothing else.
 * The door's staff phones, who see no chat, get that 'event' update without its chats, settings and
 * announcements; a socket also subscribed in the event's room gets the full one only.
 *
 * Who hears what of the safety state: a blocked list goes to its blocker's own room only (the blocked
 * attendee never learns of it); reports go to the organisers only; an attendee's mute, hiding and DM
 * choice go to their own room, the mute and hiding to the organisers, none of it to the door. An
 * organiser's message shown in the arena goes to the rooms of the attendees it was for (and the
 * organisers'), never with its list of attendees.
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

  for (const blocker of changes.blockers) {
    out.push({ room: rooms.attendee(eventId, blocker), update: { ...head, scope: 'private', blocked: blockedBy(state, blocker) } });
  }

  if (changes.reports.length > 0) out.push({ room: rooms.organiser(eventId), update: { ...head, scope: 'moderation', reports: changes.reports } });

  // An organiser's message for some attendees goes to their own rooms and the organisers' only.
  const targeted = changes.announcements.filter((a) => a.recipients != null);
  if (targeted.length > 0) {
    const byAttendee = new Map<string, Changes['announcements']>();
    for (const announcement of targeted) {
      for (const attendee of announcement.recipients ?? []) byAttendee.set(attendee, [...(byAttendee.get(attendee) ?? []), announcement]);
    }
    for (const [attendee, list] of byAttendee) {
      out.push({ room: rooms.attendee(eventId, attendee), update: { ...head, scope: 'private', announcements: announcementsFor(list, attendee) } });
    }
    out.push({ room: rooms.organiser(eventId), update: { ...head, scope: 'moderation', announcements: targeted.map(({ recipients: _recipients, ...a }) => a) } });
  }

  const organiser = changedAs(changes, organiserAttendeeView);
  if (organiser.length > 0) out.push({ room: rooms.organiser(eventId), update: { ...head, scope: 'attendance', attendees: organiser } });
  const door = changedAs(changes, doorAttendeeView);
  // An organiser's socket that also holds a door subscription has the fuller record above.
  if (door.length > 0) out.push({ room: rooms.door(eventId), except: rooms.organiser(eventId), update: { ...head, scope: 'attendance', attendees: door } });
  for (const own of changedAs(changes, ownAttendeeView)) {
    out.push({ room: rooms.attendee(eventId, own.id), update: { ...head, scope: 'attendance', attendees: [own] } });
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
  const doorEvent: Update = { ...head, scope: 'event' };
  if (changes.event) event.event = doorEvent.event = summary(changes.event);
  if (changes.chat) event.chat = changes.chat;
  const forEveryone = announcementsFor(changes.announcements, null);
  if (forEveryone.length > 0) event.announcements = forEveryone;
  out.push({ room: rooms.door(eventId), except: rooms.event(eventId), update: doorEvent });
  out.push({ room: rooms.event(eventId), update: event });
  return out;
}
