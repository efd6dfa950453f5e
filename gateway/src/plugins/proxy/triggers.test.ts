import { arenaSafetyCalls, buildPath, doorCalls, moderationCalls } from '@tapcard/shared/contract';
import { safetyMessages } from '@tapcard/shared/rules';
import { describe, expect, test } from 'vitest';
import { eventIdOfAnswer, isStaffLinkRevoke, isWriteTrigger, revokedLinkOfAnswer } from './triggers.js';

/** Which writes wake the event's poller (door, safety, moderation), and how a revocation is recognised and read. */

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

describe('safety and moderation write triggers', () => {
  const tid = 'a'.repeat(48);

  test("every attendee's safety write wakes the event; reading their own settings does not", () => {
    for (const call of [arenaSafetyCalls.blockAttendee, arenaSafetyCalls.reportMessage, arenaSafetyCalls.arenaSettings, arenaSafetyCalls.shareCard]) {
      expect(isWriteTrigger(call.method, buildPath(call.path, { id: tid })), call.path).toBe(true);
    }
    expect(isWriteTrigger('GET', buildPath(arenaSafetyCalls.arenaSafety.path, { id: tid }))).toBe(false);
  });

  test("every organiser's moderation write wakes the event; reading the moderation page does not", () => {
    const params = { id: 'ev-1', reportId: 'report-1', announcementId: 'ann-1' };
    const writes = [
      moderationCalls.removeMessage,
      moderationCalls.muteAttendee,
      moderationCalls.chatSettings,
      moderationCalls.handleReport,
      moderationCalls.pinAnnouncement,
      moderationCalls.unpinAnnouncement,
    ];
    for (const call of writes) expect(isWriteTrigger(call.method, buildPath(call.path, params)), call.path).toBe(true);
    expect(moderationCalls.unpinAnnouncement.method).toBe('DELETE');
    expect(isWriteTrigger('GET', buildPath(moderationCalls.moderation.path, params))).toBe(false);
    // The same paths with another method are not the writes.
    expect(isWriteTrigger('GET', buildPath(moderationCalls.pinAnnouncement.path, params))).toBe(false);
    expect(isWriteTrigger('POST', buildPath(moderationCalls.unpinAnnouncement.path, params))).toBe(false);
  });

  test('their answers name the event to wake', () => {
    const answers = [
      { success: 'true', data: { event_id: 'ev-1', blocked: ['att-2'] } },
      { success: 'true', data: { event_id: 'ev-1', report_id: 'report-1' } },
      { success: 'true', data: { event_id: 'ev-1', chat: { closed: true, slow_mode_seconds: 0 } } },
      { success: 'true', data: { event_id: 'ev-1' } },
    ];
    for (const answer of answers) expect(eventIdOfAnswer(Buffer.from(JSON.stringify(answer)))).toBe('ev-1');
    expect(eventIdOfAnswer(Buffer.from(JSON.stringify({ success: 'false', message: safetyMessages.tooManyPinned })))).toBeUndefined();
  });
});
