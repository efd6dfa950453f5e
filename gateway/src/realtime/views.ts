import { isAdminId } from '@tapcard/shared/domain';
import type { Announcement, EventSummary, LiveAttendee } from '@tapcard/shared/contract';
import type { Snapshot } from '@tapcard/shared/realtime';
import type { EventDetails, EventState } from './state.js';

/** What each audience may see of an event's state. */

export type AttendeeView = Omit<LiveAttendee, 'seq'>;

/** A door subscription: the phone's gate, and what ends it (its staff link revoked, or expired). */
export interface DoorAudience {
  kind: 'door';
  gate: string;
  linkId: string;
  /** When the link expires (ms since the epoch). */
  expiresAt: number;
  /** The door session token, only to name the subscription back to its own socket in 'ended'. */
  session: string;
}

export type Audience =
  | { kind: 'arena'; attendeeId: string; fallback: AttendeeView }
  | { kind: 'organiser' }
  | { kind: 'chip'; chipId: string; fallback: AttendeeView | null }
  | DoorAudience;

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

/**
 * An attendee as the public sees them (another attendee's arena, a chip page): whether checked in,
 * never when or at which gate, and none of their safety state.
 */
export function attendeeView(a: LiveAttendee | AttendeeView): AttendeeView {
  return { id: a.id, name: a.name, image: a.image, price_category: a.price_category, checked_in: a.checked_in };
}

/**
 * The attendee's own record, in their own arena and on their ticket page: when and at which gate they
 * were checked in, their mute (so their screen says it before they type), whether they hide from
 * public lists and who may write to them. An upstream that knows none of these has no mutes, hides
 * nobody and lets anyone write.
 */
export function ownAttendeeView(a: LiveAttendee | AttendeeView): AttendeeView {
  return {
    ...attendeeView(a),
    checked_in_at: a.checked_in_at ?? null,
    checked_in_by: a.checked_in_by ?? null,
    mute: a.mute ?? null,
    hidden: a.hidden ?? false,
    dm_policy: a.dm_policy ?? 'anyone',
    ...revokedOf(a),
  };
}

/** `transferred: true` for an attendee who gave their ticket away, `cancelled: true` for one whose ticket was cancelled; nothing otherwise. */
function revokedOf(a: LiveAttendee | AttendeeView): { transferred?: true; cancelled?: true } {
  return { ...(a.transferred ? { transferred: true } : {}), ...(a.cancelled ? { cancelled: true } : {}) };
}

/** Whether the attendee still holds their ticket (neither transferred nor cancelled). */
export function holdsTicket(a: LiveAttendee): boolean {
  return !a.transferred && !a.cancelled;
}

/** An attendee as the door staff see them: with the check-in's time and gate, and no safety state. */
export function doorAttendeeView(a: LiveAttendee): AttendeeView {
  return { ...attendeeView(a), checked_in_at: a.checked_in_at ?? null, checked_in_by: a.checked_in_by ?? null, ...revokedOf(a) };
}

/** An attendee as the organiser sees them: the door's view with the mute and whether they hide (never their DM choice). */
export function organiserAttendeeView(a: LiveAttendee): AttendeeView {
  return { ...doorAttendeeView(a), mute: a.mute ?? null, hidden: a.hidden ?? false };
}

/** The attendees `attendeeId` has blocked. */
export function blockedBy(state: EventState, attendeeId: string): string[] {
  return state.blocks.filter((b) => b.blocker_id === attendeeId).map((b) => b.blocked_id);
}

function findAttendee(state: EventState, id: string | null): LiveAttendee | undefined {
  return id === null ? undefined : state.attendees.find((a) => a.id === id);
}

/**
 * The pinned announcements `attendeeId` may see (null: those for everyone, as a chip page): an
 * organiser's message names its audience's attendees, and only their arenas show it. The list of the
 * audience is dropped.
 */
export function announcementsFor(announcements: readonly Announcement[], attendeeId: string | null): Announcement[] {
  return announcements
    .filter((a) => a.recipients == null || (attendeeId !== null && a.recipients.includes(attendeeId)))
    .map(({ recipients: _recipients, ...a }) => a);
}

export function buildView(state: EventState, audience: Audience): Snapshot {
  const base = { eventId: state.eventId, version: state.version, event: summary(state.event) };
  // Every chat view (not the door's): the group chat's settings and what is pinned, newest first (an
  // attendee's and a chip's: only what is for them; the organisers': everything).
  const chatFor = (attendeeId: string | null) => ({ chat: state.chat, announcements: announcementsFor(state.announcements, attendeeId) });
  const chat = { chat: state.chat, announcements: state.announcements.map(({ recipients: _recipients, ...a }) => a) };
  switch (audience.kind) {
    case 'arena': {
      const id = audience.attendeeId;
      return {
        kind: 'arena',
        ...base,
        attendee: ownAttendeeView(findAttendee(state, id) ?? audience.fallback),
        chats: state.chats,
        private_chats: state.private_chats.filter((m) => m.attendee_id_1 === id || m.attendee_id_2 === id),
        ...chatFor(id),
        blocked: blockedBy(state, id),
      };
    }
    case 'organiser':
      return {
        kind: 'organiser',
        ...base,
        // A ticket given away is the new holder's, a cancelled one nobody's: the organiser's list drops them.
        attendees: state.attendees.filter(holdsTicket).map(organiserAttendeeView),
        chats: state.chats,
        private_chats: state.private_chats.filter((m) => isAdminId(m.attendee_id_1) || isAdminId(m.attendee_id_2)),
        ...chat,
        reports: state.reports,
      };
    case 'chip': {
      const binding = state.chips.find((c) => c.id === audience.chipId);
      const bound = binding ? findAttendee(state, binding.attendee_id) : undefined;
      const attendee = bound ?? (binding?.attendee_id === null ? null : audience.fallback);
      return { kind: 'chip', ...base, chipId: audience.chipId, attendee: attendee && attendeeView(attendee), chats: state.chats, ...chatFor(null) };
    }
    case 'door':
      return { kind: 'door', ...base, gate: audience.gate, attendees: state.attendees.map(doorAttendeeView) };
  }
}
