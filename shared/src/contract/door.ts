import { z } from 'zod';

/**
 * Door (check-in) records: an organiser's staff links and what a staff phone's door session sees.
 * A staff link's secret is answered once, when it is created; a door session token only to the phone
 * that opened the link. Neither is ever listed.
 */

const id = z.string().min(1).max(128);
const secret = z.string().min(1).max(128);
const time = z.string();

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
  gate: z.string(),
  expires_at: time,
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
 * A door check-in's outcome: admitted now; already checked in (when, and by which gate); or not a
 * confirmed attendee of this event.
 */
export const doorCheckInSchema = z.object({
  event_id: id,
  outcome: z.enum(['admitted', 'already', 'unknown']),
  attendee: z.object({ id, name: z.string(), image: z.string() }).nullable(),
  checked_in_at: time.nullable(),
  checked_in_by: checkInBySchema,
});
export type DoorCheckIn = z.infer<typeof doorCheckInSchema>;

/** Bodies of the door calls: the phone's door session token travels in the body (bodies are never logged). */
export const doorSessionBody = z.object({ session: secret });
export const doorSearchBody = doorSessionBody.extend({ query: z.string().trim().min(1).max(100) });
/** `client_id` is the phone's own id for this check-in: a retry with the same id gets the first answer. */
export const doorCheckInBody = doorSessionBody.extend({ attendee_id: id, client_id: z.string().min(1).max(64).optional() });
export const openStaffLinkBody = z.object({ secret });
