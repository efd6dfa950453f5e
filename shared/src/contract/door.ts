import { z } from 'zod';
import { DOOR_OPEN_PATH } from '../pages/index.js';
import { staffLinkFormSchema } from '../rules/staff-links.js';
import { call, id, idParam, lazyCalls } from './core.js';
import { wireData } from './envelope.js';
import { eventAnswer, organiserCall } from './event-call.js';

/**
 * The door: an organiser's staff links and the calls of a staff phone's door session, with their
 * records. A staff link's secret is answered once, when it is created; a door session token only to
 * the phone that opened the link. Neither is ever listed.
 *
 * These calls live here, not in `calls`, so that only the pages that make them (the organiser's event
 * page, the chip page, the door pages) ship their schemas: `calls` is in every page's first-render JS,
 * and this module, with nothing else importing it, is left out of the others (the package has no side
 * effects).
 */

const secret = z.string().min(1).max(128);
const time = z.string();

/** An attendee as a door's answers name them. */
const doorAttendeeRef = z.object({ id, name: z.string(), image: z.string() });

/** A staff link as the organiser lists it. */
export const staffLinkSchema = z.object({
  id,
  label: z.string(),
  role: z.literal('scan'),
  expires_at: time,
  revoked_at: time.nullable(),
  created_at: time,
  state: z.enum(['active', 'expired', 'revoked']),
});
export type StaffLink = z.infer<typeof staffLinkSchema>;

/** Who checked an attendee in: a staff link's gate name, 'organiser', or 'chip:<user id>' (the organiser on a chip page). */
export const checkInBySchema = z.string().nullable();

/** What a door session is for: one event, at one gate, until the link expires. */
export const doorSessionSchema = z.object({
  event_id: id,
  event: z.object({ id, title: z.string(), start_date: z.string(), end_date: z.string().nullable() }),
  /** The staff link the session was opened with (not a secret): revoking it ends the session. */
  link_id: id,
  gate: z.string(),
  expires_at: time,
  /** Whether the event tracks check-out (who is still inside): the door then offers an exit mode. */
  check_out: z.boolean(),
  /** The event's total ticket stock (not a secret): the door's checked-in count is of it, as everywhere. */
  total_stock: z.number().int().nonnegative(),
});
export type DoorSession = z.infer<typeof doorSessionSchema>;

/** One attendee a door search found. */
export const doorAttendeeSchema = z.object({
  id,
  name: z.string(),
  email: z.string(),
  image: z.string(),
  price_category: z.string(),
  checked_in: z.boolean(),
  checked_in_at: time.nullable(),
  checked_in_by: checkInBySchema,
});
export type DoorAttendee = z.infer<typeof doorAttendeeSchema>;

/**
 * A door check-in's outcome: admitted now; already checked in (when, and by which gate); not a
 * confirmed attendee of this event; or 'conflict': this phone admitted the attendee while offline
 * (`scanned_at`), and another check-in was counted first. A conflict is recorded for the organiser;
 * only the first check-in counts. 'transferred': the ticket was given to someone else, so this (old)
 * QR code admits nobody, online or synced later; `attendee` is then null. 'cancelled': likewise for a
 * cancelled ticket's QR code.
 */
export const doorCheckInSchema = z.object({
  event_id: id,
  outcome: z.enum(['admitted', 'already', 'unknown', 'conflict', 'transferred', 'cancelled']),
  attendee: doorAttendeeRef.nullable(),
  checked_in_at: time.nullable(),
  checked_in_by: checkInBySchema,
});
export type DoorCheckIn = z.infer<typeof doorCheckInSchema>;

/** Bodies of the door calls: the phone's door session token travels in the body (bodies are never logged). */
export const doorSessionBody = z.object({ session: secret });
export const doorSearchBody = doorSessionBody.extend({ query: z.string().trim().min(1).max(100) });
/**
 * `client_id` is the phone's own id for this check-in: a retry with the same id gets the first answer.
 * `scanned_at` is set only by a phone that admitted the attendee while offline and syncs it now: it
 * becomes the check-in time (never later than the server's now), and if someone else was counted
 * first, the answer is 'conflict'.
 */
export const doorCheckInBody = doorSessionBody.extend({
  attendee_id: id,
  client_id: z.string().min(1).max(64).optional(),
  scanned_at: z.iso.datetime({ offset: true }).optional(),
});
/** A check-out takes what a check-in does. */
export const doorCheckOutBody = doorCheckInBody;

/** A check-out (events that track who is inside): 'checked_out' now, 'not_inside', or 'unknown'. */
export const doorCheckOutSchema = z.object({
  event_id: id,
  outcome: z.enum(['checked_out', 'not_inside', 'unknown']),
  attendee: doorAttendeeRef.nullable(),
});
export type DoorCheckOut = z.infer<typeof doorCheckOutSchema>;

/**
 * Two phones admitted one attendee while apart: the check-in that reached the server first counts
 * (`first_*`); the later one (`gate`, `scanned_at`) is this conflict.
 */
export const doorConflictSchema = z.object({
  id,
  attendee: doorAttendeeRef,
  gate: z.string(),
  scanned_at: time,
  first_checked_in_at: time.nullable(),
  first_checked_in_by: checkInBySchema,
  created_at: time,
});
export type DoorConflict = z.infer<typeof doorConflictSchema>;

/** The event's door settings, set by its organiser. */
export const doorSettingsSchema = z.object({ check_out: z.boolean() });
export type DoorSettings = z.infer<typeof doorSettingsSchema>;
export const openStaffLinkBody = z.object({ secret });

/** The door's calls (ours), used as `doorCalls.x` wherever `calls.x` would be. */
export const doorCalls = lazyCalls({
  /** Ours: a staff link for one gate of the organiser's event; the answer carries its page path, once. */
  createStaffLink: () => organiserCall('staffLinks.manage', { method: 'POST', path: '/event/api/staff-links/:id', body: staffLinkFormSchema, answer: eventAnswer({ link: staffLinkSchema, path: z.string() }) }),
  /** Ours: the event's staff links, newest first (never their secrets). */
  listStaffLinks: () => organiserCall('staffLinks.manage', { method: 'GET', path: '/event/api/staff-links/:id', answer: eventAnswer({ links: z.array(staffLinkSchema) }) }),
  /** Ours: ends a staff link and every door session opened with it, at once. */
  revokeStaffLink: () => organiserCall('staffLinks.manage', {
    method: 'POST',
    path: '/event/api/staff-links/:id/revoke/:link_id',
    params: z.object({ id, link_id: id }),
    answer: eventAnswer({ link: staffLinkSchema }),
  }),
  /** Ours: a staff phone trades the link's secret for a door session token (not an account). */
  openStaffLink: () => call({
    method: 'POST',
    path: DOOR_OPEN_PATH,
    auth: 'none',
    body: openStaffLinkBody,
    answer: wireData(doorSessionSchema.extend({ session: z.string() })),
  }),
  /** Ours: what a door session is for; refused once its link is revoked or expired. */
  doorSession: () => call({ method: 'POST', path: '/event/door/api/session', auth: 'none', access: { action: 'door.session', from: 'door' }, body: doorSessionBody, answer: wireData(doorSessionSchema) }),
  /** Ours: confirmed attendees of the session's event by name or email (at most 20). */
  doorSearch: () => call({
    method: 'POST',
    path: '/event/door/api/search',
    auth: 'none',
    access: { action: 'attendee.search', from: 'door' },
    body: doorSearchBody,
    answer: eventAnswer({ attendees: z.array(doorAttendeeSchema) }),
  }),
  /** Ours: checks an attendee in at the session's gate; a repeated client_id gets the first answer. */
  doorCheckIn: () => call({ method: 'POST', path: '/event/door/api/check-in', auth: 'none', access: { action: 'attendee.checkIn', from: 'door' }, body: doorCheckInBody, answer: wireData(doorCheckInSchema), live: { wakes: 'poke' } }),
  /** Ours: checks an attendee out at the session's gate; 409 when the event does not track check-out. */
  doorCheckOut: () => call({ method: 'POST', path: '/event/door/api/check-out', auth: 'none', access: { action: 'attendee.checkOut', from: 'door' }, body: doorCheckOutBody, answer: wireData(doorCheckOutSchema), live: { wakes: 'poke' } }),
  /**
   * Ours: the public keys a door checks the event's signed tickets with, offline. verifyTicket of the
   * shared domain takes them as they are and checks each key's form itself (its strict schema is not
   * imported here, so the ticket code loads only where tickets are checked).
   */
  ticketKeys: () => call({
    method: 'GET',
    path: '/event/public/api/events/:id/ticket-keys',
    auth: 'none',
    params: idParam,
    answer: wireData(z.object({ keys: z.array(z.object({ kid: z.string(), alg: z.literal('Ed25519'), key: z.string() })) })),
  }),
  /** Ours: the organiser's door settings for the event. */
  doorSettings: () => organiserCall('door.viewSettings', { method: 'GET', path: '/event/api/door-settings/:id', answer: eventAnswer({ settings: doorSettingsSchema }) }),
  /** Ours: the organiser turns check-out on or off for the event. */
  setDoorSettings: () => organiserCall('door.editSettings', {
    method: 'POST',
    path: '/event/api/door-settings/:id',
    body: doorSettingsSchema,
    answer: eventAnswer({ settings: doorSettingsSchema }),
    live: { wakes: 'poke' },
  }),
  /** Ours: the event's door conflicts, newest first (at most 200). */
  listDoorConflicts: () => organiserCall('door.conflicts', { method: 'GET', path: '/event/api/door-conflicts/:id', answer: eventAnswer({ conflicts: z.array(doorConflictSchema) }) }),
});
