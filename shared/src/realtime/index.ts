import { z } from 'zod';
import {
  announcementSchema,
  chatMessageSchema,
  chatReportSchema,
  chatSettingsSchema,
  eventSummarySchema,
  liveAttendeeSchema,
  privateChatSchema,
} from '../contract/entities.js';

/**
 * The Socket.IO protocol between the web and the gateway (default namespace), validated on both
 * ends. How a client applies what it receives is merge.ts.
 *
 * Versions: every event has a change counter kept by the upstream (`version`). Each `update` says
 * which version it brings the view to and which version it follows (`prevVersion`). Updates of scope
 * 'event' reach every subscriber of the event for every version, so a client whose last version is not
 * the update's `prevVersion` has missed something and emits `resync`. Scoped updates (a private
 * message, a check-in, a chip binding) reach only the sockets entitled to them and are sent before the
 * 'event' update of the same version; they never move the client's version on their own.
 */

const eventId = z.string().min(1).max(128);
const version = z.number().int().nonnegative();

// ── Client → server ─────────────────────────────────────────────────────────
export const subscribeSchema = z.discriminatedUnion('kind', [
  /** An attendee's arena and chats, proved by the attendee's access token. */
  z.object({ kind: z.literal('arena'), tid: z.string().min(16).max(128) }),
  /** A chip page, by the chip's id. */
  z.object({ kind: z.literal('chip'), chipId: z.string().min(1).max(128) }),
  /** An organiser's event (attendance and admin chat); the bearer token travels in the handshake auth. */
  z.object({ kind: z.literal('organiser'), eventId }),
  /**
   * A staff phone's door: the event's attendance only (no chat), proved by the door session token a
   * staff link was traded for. It ends at once when the link is revoked or expires.
   */
  z.object({ kind: z.literal('door'), session: z.string().min(1).max(128) }),
]);
export type Subscribe = z.infer<typeof subscribeSchema>;
export type SubscriptionKind = Subscribe['kind'];

export const resyncSchema = z.object({ eventId, version });
export type Resync = z.infer<typeof resyncSchema>;

/** The handshake's `auth` object. */
export const handshakeAuthSchema = z.object({ token: z.string().max(1024).optional() });
export type HandshakeAuth = z.infer<typeof handshakeAuthSchema>;

// ── Views (what a subscriber may see) ───────────────────────────────────────
const viewBase = { eventId, version, event: eventSummarySchema };
/**
 * What every chat view carries beside its messages: the group chat's settings (closed, slow mode) and
 * the announcements pinned now (newest first). Absent from a gateway that predates them: an open chat,
 * nothing pinned.
 */
const chatExtras = { chat: chatSettingsSchema.optional(), announcements: z.array(announcementSchema).optional() };

export const arenaViewSchema = z.object({
  kind: z.literal('arena'),
  ...viewBase,
  attendee: liveAttendeeSchema.omit({ seq: true }),
  chats: z.array(chatMessageSchema),
  /** Only the private messages this attendee sent or received. */
  private_chats: z.array(privateChatSchema),
  ...chatExtras,
  /** The attendees this attendee blocked (their group messages are hidden for them). */
  blocked: z.array(z.string()).optional(),
});
export type ArenaView = z.infer<typeof arenaViewSchema>;

export const organiserViewSchema = z.object({
  kind: z.literal('organiser'),
  ...viewBase,
  attendees: z.array(liveAttendeeSchema.omit({ seq: true })),
  chats: z.array(chatMessageSchema),
  /** Private messages between the organiser ('admin-…') and attendees. */
  private_chats: z.array(privateChatSchema),
  ...chatExtras,
  /** The reports queue: the newest reports, open and handled (LIVE_REPORTS_LIMIT). */
  reports: z.array(chatReportSchema).optional(),
});
export type OrganiserView = z.infer<typeof organiserViewSchema>;

/** A staff phone's door: every confirmed attendee with their check-in (time and gate), no chat. */
export const doorViewSchema = z.object({
  kind: z.literal('door'),
  ...viewBase,
  /** The gate this phone checks in at (its staff link's label). */
  gate: z.string(),
  attendees: z.array(liveAttendeeSchema.omit({ seq: true })),
});
export type DoorView = z.infer<typeof doorViewSchema>;

export const chipViewSchema = z.object({
  kind: z.literal('chip'),
  ...viewBase,
  chipId: z.string(),
  attendee: liveAttendeeSchema.omit({ seq: true }).nullable(),
  chats: z.array(chatMessageSchema),
  ...chatExtras,
});
export type ChipView = z.infer<typeof chipViewSchema>;

export const snapshotSchema = z.discriminatedUnion('kind', [arenaViewSchema, organiserViewSchema, chipViewSchema, doorViewSchema]);
export type Snapshot = z.infer<typeof snapshotSchema>;

// ── Server → client ─────────────────────────────────────────────────────────
export const errorCodeSchema = z.enum(['invalid', 'forbidden', 'not_found', 'rate_limited', 'unavailable']);
export type ErrorCode = z.infer<typeof errorCodeSchema>;
export const realtimeErrorSchema = z.object({ code: errorCodeSchema, message: z.string() });
export type RealtimeError = z.infer<typeof realtimeErrorSchema>;

export const subscribeAckSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), snapshot: snapshotSchema }),
  z.object({ ok: z.literal(false), error: realtimeErrorSchema }),
]);
export type SubscribeAck = z.infer<typeof subscribeAckSchema>;

export const simpleAckSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true) }),
  z.object({ ok: z.literal(false), error: realtimeErrorSchema }),
]);
export type SimpleAck = z.infer<typeof simpleAckSchema>;

export const updateScopeSchema = z.enum(['event', 'private', 'attendance', 'chip', 'moderation']);
export type UpdateScope = z.infer<typeof updateScopeSchema>;

export const updateSchema = z.object({
  eventId,
  version,
  prevVersion: version,
  scope: updateScopeSchema,
  /** New group messages, and removed ones (`removed`, no text) (scope 'event'). */
  chats: z.array(chatMessageSchema).optional(),
  /** New private messages for this audience, and removed ones (scope 'private'). */
  private_chats: z.array(privateChatSchema).optional(),
  /** The group chat's settings when they changed (scope 'event'). */
  chat: chatSettingsSchema.optional(),
  /** Announcements pinned or unpinned (`pinned: false`) (scope 'event'). */
  announcements: z.array(announcementSchema).optional(),
  /** Every attendee this attendee now blocks, sent to the blocker's own room only (scope 'private'). */
  blocked: z.array(z.string()).optional(),
  /** Reports filed or handled, sent to the organisers only (scope 'moderation'). */
  reports: z.array(chatReportSchema).optional(),
  /** Attendees whose check-in or details changed (scope 'attendance', or the attendee's own record). */
  attendees: z.array(liveAttendeeSchema.omit({ seq: true })).optional(),
  /** The event's details when they changed (scope 'event'). */
  event: eventSummarySchema.optional(),
  /** A chip's binding changed (scope 'chip'): the attendee it is now bound to, or null. */
  chip: z.object({ chipId: z.string(), attendee: liveAttendeeSchema.omit({ seq: true }).nullable() }).optional(),
});
export type Update = z.infer<typeof updateSchema>;

export const statusSchema = z.object({ eventId, stale: z.boolean() });
export type Status = z.infer<typeof statusSchema>;

/**
 * The server ended one of the socket's subscriptions: an organiser's session ended (logout, password
 * change or reset, sessions ended elsewhere, expiry), or a door's staff link was revoked or expired.
 * No more updates come for it; subscribing again is refused the same way until the client has a
 * valid session.
 */
export const endedSchema = z.object({ subscription: subscribeSchema, error: realtimeErrorSchema });
export type Ended = z.infer<typeof endedSchema>;

/** Socket.IO event maps, for typed `Server<…>` and `Socket<…>` on both ends. Payloads are parsed with the schemas above, never trusted. */
export interface ClientToServerEvents {
  subscribe: (payload: unknown, ack: (answer: SubscribeAck) => void) => void;
  unsubscribe: (payload: unknown, ack?: (answer: SimpleAck) => void) => void;
  resync: (payload: unknown, ack?: (answer: SimpleAck) => void) => void;
}

export interface ServerToClientEvents {
  update: (update: Update) => void;
  snapshot: (snapshot: Snapshot) => void;
  status: (status: Status) => void;
  ended: (ended: Ended) => void;
}

export const REALTIME_PATH = '/socket.io';

export * from './backoff.js';
export * from './merge.js';
