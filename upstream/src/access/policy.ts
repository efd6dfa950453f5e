import type { EventAction } from '@tapcard/shared/contract';

/**
 * Who may do what to an event: every rule, as plain functions of (actor, action, event). A call that
 * acts on an event declares its action on the contract (`Call.access`); the access plugin finds the
 * actor and the event and asks `decide` before the call runs. Routes never check ownership themselves.
 *
 * An actor has at most one role at an event:
 * - owner: the user who made the event (its organiser). Everything an organiser does.
 * - manager: runs the event with the owner: everything but deleting it.
 * - door: checks attendees in and out (a staff phone's door session has this role, at its link's event).
 * - moderator: keeps the chats civil: the moderation page, its actions, announcements, chat settings.
 * - attendee: a confirmed attendee, by their access token: their arena, their own messages and safety.
 * Managers, door staff with an account and moderators are not assignable yet; their rows are the
 * rule the team feature will follow.
 */

export const roles = ['owner', 'manager', 'door', 'moderator', 'attendee'] as const;
export type Role = (typeof roles)[number];

/** The organiser's actions on their event, all but deleting it (which only the owner may). */
const RUN_EVENT: readonly EventAction[] = [
  'event.view',
  'event.edit',
  'event.dashboard',
  'staffLinks.manage',
  'door.viewSettings',
  'door.editSettings',
  'door.conflicts',
  'door.session',
  'attendee.search',
  'attendee.checkIn',
  'attendee.checkOut',
  'attendee.resendTicket',
  'attendee.cancel',
  'messages.view',
  'messages.send',
  'reminders.view',
  'reminders.edit',
  'chat.history',
  'chat.postAsOrganiser',
  'chat.settings',
  'moderation.view',
  'moderation.act',
  'announcements.manage',
];

/**
 * The role → action table: a role may do exactly the actions listed for it. An action no role lists
 * is refused to everyone.
 */
export const ROLE_ACTIONS: Readonly<Record<Role, ReadonlySet<EventAction>>> = {
  owner: new Set([...RUN_EVENT, 'event.delete']),
  manager: new Set(RUN_EVENT),
  door: new Set(['door.session', 'attendee.search', 'attendee.checkIn', 'attendee.checkOut']),
  moderator: new Set(['chat.history', 'chat.settings', 'moderation.view', 'moderation.act', 'announcements.manage']),
  attendee: new Set(['arena.enter', 'chat.post', 'chat.history', 'arena.safety', 'ticket.cancel', 'ticket.editName', 'ticket.transfer']),
};

/** Whether a role allows an action. */
export function roleAllows(role: Role, action: EventAction): boolean {
  return ROLE_ACTIONS[role].has(action);
}

/** Who is asking: a signed-in user, a staff phone's door session, or an attendee by their access token. */
export type Actor =
  | { kind: 'user'; userId: string }
  | { kind: 'door'; eventId: string }
  | { kind: 'attendee'; eventId: string };

/** The event as the policy reads it. */
export interface EventResource {
  id: string;
  /** The event's owner. */
  user_id: string;
}

/** The actor's role at the event, or null when they have none there. */
export function roleAt(actor: Actor, event: EventResource): Role | null {
  switch (actor.kind) {
    case 'user':
      return actor.userId === event.user_id ? 'owner' : null;
    case 'door':
      return actor.eventId === event.id ? 'door' : null;
    case 'attendee':
      return actor.eventId === event.id ? 'attendee' : null;
  }
}

/**
 * The answer to (actor, action, event). 'stranger': the actor has no role at the event, so it is not
 * revealed to them (the event answers as an unknown one would); 'refused': they have a role there,
 * which does not allow the action.
 */
export type Decision = 'allowed' | 'stranger' | 'refused';

export function decide(actor: Actor, action: EventAction, event: EventResource): Decision {
  const role = roleAt(actor, event);
  if (role === null) return 'stranger';
  return roleAllows(role, action) ? 'allowed' : 'refused';
}

/** Whether the user is the event's organiser (a chip page shows its organiser the organiser's tools). */
export function isOrganiser(userId: string, event: EventResource): boolean {
  return roleAt({ kind: 'user', userId }, event) === 'owner';
}
