import { buildPath, doorCalls } from '@tapcard/shared/contract';
import { describe, expect, test } from 'vitest';
import { isStaffLinkRevoke, isWriteTrigger, revokedLinkOfAnswer } from './triggers.js';

/** Which door writes wake the event's poller, and how a revocation is recognised and read. */

describe('door write triggers', () => {
  test('a door check-in, a check-out and the organiser turning check-out on or off wake the event; a door search does not', () => {
    expect(isWriteTrigger('POST', doorCalls.doorCheckIn.path)).toBe(true);
    expect(isWriteTrigger('POST', doorCalls.doorCheckOut.path)).toBe(true);
    expect(isWriteTrigger('POST', buildPath(doorCalls.setDoorSettings.path, { id: 'ev-1' }))).toBe(true);
    expect(isWriteTrigger('GET', buildPath(doorCalls.doorSettings.path, { id: 'ev-1' }))).toBe(false);
    expect(isWriteTrigger('POST', doorCalls.doorSearch.path)).toBe(false);
  });

  test("a staff link's revocation is recognised by its path and names the link in its answer", () => {
    const path = buildPath(doorCalls.revokeStaffLink.path, { id: 'ev-1', link_id: 'link-9' });
    expect(isStaffLinkRevoke('POST', path)).toBe(true);
    expect(isStaffLinkRevoke('GET', path)).toBe(false);
    expect(isStaffLinkRevoke('POST', buildPath(doorCalls.createStaffLink.path, { id: 'ev-1' }))).toBe(false);
    const answer = { success: 'true', data: { event_id: 'ev-1', link: { id: 'link-9', label: 'North', state: 'revoked' } } };
    expect(revokedLinkOfAnswer(Buffer.from(JSON.stringify(answer)))).toBe('link-9');
    expect(revokedLinkOfAnswer(Buffer.from(JSON.stringify({ success: 'false', message: 'Not found' })))).toBeUndefined();
    expect(revokedLinkOfAnswer(Buffer.from('not json'))).toBeUndefined();
  });
});
