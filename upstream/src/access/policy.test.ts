import { eventActions, everyCall, tidParam, type EventAction } from '@tapcard/shared/contract';
import { describe, expect, it } from 'vitest';
import { decide, isOrganiser, roleAllows, roleAt, roles, type Role } from './policy.js';

/**
 * Who may do what, read as a grid: one row per action, one column per role. 'x': allowed; '.':
 * refused. A change to the policy changes this grid too, on purpose.
 */
const COLUMNS: readonly Role[] = ['owner', 'manager', 'door', 'moderator', 'attendee'];
const GRID: Record<EventAction, string> = {
  // columns: owner manager door moderator attendee
  'event.view': 'x x . . .',
  'event.edit': 'x x . . .',
  'event.delete': 'x . . . .',
  'event.dashboard': 'x x . . .',
  'staffLinks.manage': 'x x . . .',
  'door.viewSettings': 'x x . . .',
  'door.editSettings': 'x x . . .',
  'door.conflicts': 'x x . . .',
  'door.session': 'x x x . .',
  'attendee.search': 'x x x . .',
  'attendee.checkIn': 'x x x . .',
  'attendee.checkOut': 'x x x . .',
  'attendee.resendTicket': 'x x . . .',
  'attendee.cancel': 'x x . . .',
  'messages.view': 'x x . . .',
  'messages.send': 'x x . . .',
  'reminders.view': 'x x . . .',
  'reminders.edit': 'x x . . .',
  'chat.history': 'x x . x x',
  'chat.postAsOrganiser': 'x x . . .',
  'chat.post': '. . . . x',
  'chat.settings': 'x x . x .',
  'moderation.view': 'x x . x .',
  'moderation.act': 'x x . x .',
  'announcements.manage': 'x x . x .',
  'arena.enter': '. . . . x',
  'arena.safety': '. . . . x',
  'ticket.cancel': '. . . . x',
  'ticket.editName': '. . . . x',
  'ticket.transfer': '. . . . x',
};

function expected(action: EventAction, role: Role): boolean {
  const marks = GRID[action].split(' ');
  expect(marks).toHaveLength(COLUMNS.length);
  return marks[COLUMNS.indexOf(role)] === 'x';
}

const event = { id: 'ev1', user_id: 'owner1' };

describe('the role → action table', () => {
  const pairs = eventActions.flatMap((action) => roles.map((role) => ({ action, role, allowed: expected(action, role) })));

  it('covers every role and every action of the contract', () => {
    expect([...COLUMNS].sort()).toEqual([...roles].sort());
    expect(Object.keys(GRID).sort()).toEqual([...eventActions].sort());
  });

  it.each(pairs.filter((p) => p.allowed))('$role may $action', ({ action, role }) => {
    expect(roleAllows(role, action)).toBe(true);
  });

  it.each(pairs.filter((p) => !p.allowed))('$role may not $action', ({ action, role }) => {
    expect(roleAllows(role, action)).toBe(false);
  });

  it('lets every role do something, and gives each action to some role', () => {
    for (const role of roles) expect(eventActions.some((action) => roleAllows(role, action))).toBe(true);
    for (const action of eventActions) expect(roles.some((role) => roleAllows(role, action))).toBe(true);
  });
});

describe('an actor’s role at an event', () => {
  it('makes the user who made the event its owner, and any other user a stranger there', () => {
    expect(roleAt({ kind: 'user', userId: 'owner1' }, event)).toBe('owner');
    expect(roleAt({ kind: 'user', userId: 'someone' }, event)).toBeNull();
    expect(isOrganiser('owner1', event)).toBe(true);
    expect(isOrganiser('someone', event)).toBe(false);
  });

  it('gives a door session the door role at its own link’s event only', () => {
    expect(roleAt({ kind: 'door', eventId: 'ev1' }, event)).toBe('door');
    expect(roleAt({ kind: 'door', eventId: 'ev2' }, event)).toBeNull();
  });

  it('gives an access token the attendee role at its own ticket’s event only', () => {
    expect(roleAt({ kind: 'attendee', eventId: 'ev1' }, event)).toBe('attendee');
    expect(roleAt({ kind: 'attendee', eventId: 'ev2' }, event)).toBeNull();
  });
});

describe('decide', () => {
  it('allows what the actor’s role allows, refuses the rest, and answers a stranger as such', () => {
    expect(decide({ kind: 'user', userId: 'owner1' }, 'event.delete', event)).toBe('allowed');
    expect(decide({ kind: 'user', userId: 'owner1' }, 'chat.post', event)).toBe('refused');
    expect(decide({ kind: 'user', userId: 'someone' }, 'event.view', event)).toBe('stranger');
    expect(decide({ kind: 'door', eventId: 'ev1' }, 'attendee.checkIn', event)).toBe('allowed');
    expect(decide({ kind: 'door', eventId: 'ev1' }, 'door.editSettings', event)).toBe('refused');
    expect(decide({ kind: 'door', eventId: 'ev2' }, 'attendee.checkIn', event)).toBe('stranger');
    expect(decide({ kind: 'attendee', eventId: 'ev1' }, 'chat.post', event)).toBe('allowed');
    expect(decide({ kind: 'attendee', eventId: 'ev1' }, 'attendee.checkIn', event)).toBe('refused');
  });
});

describe('the contract’s declarations', () => {
  const declared = everyCall().flatMap(([name, call]) => (call.access ? [{ name, call, access: call.access }] : []));

  it('lets the caller each call is made by make it (a call no caller could make would always be refused)', () => {
    const callerRole = { door: 'door', ticket: 'attendee', path: 'owner', body: 'owner' } as const;
    for (const { name, access } of declared) {
      expect(roleAllows(callerRole[access.from ?? 'path'], access.action), name).toBe(true);
    }
  });

  it('is made by every organiser call on one event and every call carrying an attendee’s access token', () => {
    for (const [name, call] of everyCall()) {
      const onOneEvent = call.auth === 'bearer' && call.path.startsWith('/event/api/') && call.path.includes(':id');
      if (onOneEvent || call.params === tidParam) expect(call.access, name).toBeDefined();
    }
  });

  it('names a signed-in user for calls on an event by its id, and a credential for the others', () => {
    for (const { name, call, access } of declared) {
      const from = access.from ?? 'path';
      if (from === 'path' || from === 'body') expect(call.auth, name).toBe('bearer');
      if (from === 'path' || from === 'ticket') expect(call.path, name).toContain(':id');
    }
  });
});
