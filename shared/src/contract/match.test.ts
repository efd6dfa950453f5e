import { describe, expect, it } from 'vitest';
import { calls } from './calls.js';
import { doorCalls } from './door.js';
import { findCall, isCallOf, pathPattern } from './match.js';

describe('matching a request to its call', () => {
  it('takes each :name segment for exactly one non-empty segment', () => {
    expect(isCallOf(calls.chat, 'POST', '/event/public/api/create-chat/t0k3n')).toBe(true);
    expect(isCallOf(calls.chat, 'POST', '/event/public/api/create-chat/')).toBe(false);
    expect(isCallOf(calls.chat, 'POST', '/event/public/api/create-chat/a/b')).toBe(false);
    expect(isCallOf(doorCalls.revokeStaffLink, 'POST', '/event/api/staff-links/e1/revoke/l1')).toBe(true);
  });

  it('needs the method too, and the whole path', () => {
    expect(isCallOf(calls.chat, 'GET', '/event/public/api/create-chat/t')).toBe(false);
    expect(isCallOf(calls.listEvents, 'GET', '/event/api/events/x')).toBe(false);
    expect(isCallOf(calls.listEvents, 'GET', '/prefix/event/api/events')).toBe(false);
  });

  it('reads the path literally: a dot is a dot', () => {
    expect(pathPattern('/a.b/:id').test('/a.b/1')).toBe(true);
    expect(pathPattern('/a.b/:id').test('/axb/1')).toBe(false);
  });

  it('finds the first call a request is, among several', () => {
    const some = [calls.getEvent, calls.updateEvent, calls.listEvents];
    expect(findCall(some, 'POST', '/event/api/events/e1')).toBe(calls.updateEvent);
    expect(findCall(some, 'GET', '/event/api/events')).toBe(calls.listEvents);
    expect(findCall(some, 'DELETE', '/event/api/events/e1')).toBeUndefined();
  });
});
