/**
 * What a call does to an event, in the words of the upstream's access policy: a call that acts on one
 * event declares its action and how its caller is known (`Call.access`), and the upstream checks that
 * the caller's role at the event allows the action before the call runs. Which role may do which
 * action is the policy's table (upstream/src/access/policy.ts), not the contract's.
 */
export const eventActions = [
  // The event itself, as its organisers see and change it.
  'event.view',
  'event.edit',
  'event.delete',
  /** The live organiser view: attendees with their contacts, chats, chips, reports. */
  'event.dashboard',
  // The door.
  'staffLinks.manage',
  'door.viewSettings',
  'door.editSettings',
  'door.conflicts',
  /** What a door session is for (event, gate, expiry). */
  'door.session',
  'attendee.search',
  'attendee.checkIn',
  'attendee.checkOut',
  /** Mailing an attendee's access again (a new access link; the old one stops working). */
  'attendee.resendTicket',
  /** Cancelling an attendee's registration (the seat goes back; a paid ticket is refunded in full) and the list of cancelled ones. */
  'attendee.cancel',
  // The organiser's messages to attendees.
  /** The history of messages and how many an audience reaches. */
  'messages.view',
  /** Sending, scheduling, editing and cancelling messages. */
  'messages.send',
  /** The event's reminder mails (24 hours and 1 hour before the start): reading and changing them. */
  'reminders.view',
  'reminders.edit',
  // The chats.
  /** Older pages of the group chat. */
  'chat.history',
  /** Group and private messages as the event's organiser ('admin'). */
  'chat.postAsOrganiser',
  /** Group and private messages as an attendee (only as oneself). */
  'chat.post',
  'chat.settings',
  'moderation.view',
  /** Removing messages, muting attendees, handling reports. */
  'moderation.act',
  'announcements.manage',
  // An attendee's own arena.
  /** The ticket page and arena data. */
  'arena.enter',
  /** Their privacy settings, blocks, reports and Share my card. */
  'arena.safety',
  /** Cancelling their own ticket (refunded by the event's refund policy). */
  'ticket.cancel',
  /** The name on their own ticket, before check-in. */
  'ticket.editName',
  /** Giving their ticket to someone else, before check-in (their access link and QR code stop working). */
  'ticket.transfer',
] as const;
export type EventAction = (typeof eventActions)[number];

/**
 * How the caller of an event's call is known, and where the event is named:
 * - 'path': a signed-in user (bearer); the event is the path's `:id`.
 * - 'body': a signed-in user (bearer); the event is the body's `event_id`.
 * - 'door': a staff phone, by the door session token in the body; the event is its staff link's.
 * - 'ticket': an attendee, by the access token in the path's `:id`; the event is their ticket's.
 */
export type EventCaller = 'path' | 'body' | 'door' | 'ticket';

export interface CallAccess {
  readonly action: EventAction;
  /** 'path' when left out. */
  readonly from?: EventCaller;
}
