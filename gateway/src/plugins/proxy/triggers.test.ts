import { arenaSafetyCalls, buildPath, calls, doorCalls, everyCall, moderationCalls } from '@tapcard/shared/contract';
import { safetyMessages } from '@tapcard/shared/rules';
import { describe, expect, test } from 'vitest';
import { chat, dm } from '../../test/live-state.js';
import { eventIdOfAnswer, isStaffLinkRevoke, isWriteTrigger, revokedLinkOfAnswer, writeOfAnswer } from './triggers.js';

/** Which writes wake the event's poller (door, safety, moderation), and how a revocation is recognised and read. */

describe('the triggers, from the contract', () => {
  /** A concrete path of the call, each parameter filled. */
  const concrete = (path: string) => buildPath(path, Object.fromEntries([...path.matchAll(/:([A-Za-z_]+)/g)].map(([, name]) => [name, 'x1'])));

  test("a call wakes the event exactly when its contract says its live change pokes; no other call's request is taken for one", () => {
    for (const [name, call] of everyCall()) {
      expect(isWriteTrigger(call.method, concrete(call.path)), name).toBe(call.live?.wakes === 'poke');
    }
  });

  test('a change the views see at their next poll (an edited event, a registration) does not wake the event', () => {
    expect(isWriteTrigger('POST', concrete(calls.updateEvent.path))).toBe(false);
    expect(isWriteTrigger('POST', calls.register.path)).toBe(false);
    expect(isWriteTrigger('POST', concrete(calls.checkIn.path))).toBe(true);
  });
});

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

describe('chat writes: the stored message in the answer', () => {
  const tid = 'a'.repeat(48);
  const body = (value: unknown) => Buffer.from(JSON.stringify(value));

  test('a group or private write answered with the stored message carries it, by the kind of the call', () => {
    const group = chat(7);
    expect(writeOfAnswer('POST', buildPath(calls.chat.path, { id: tid }), body({ success: 'true', data: group }))).toEqual({ eventId: group.event_id, written: { kind: 'group', message: group } });
    expect(writeOfAnswer('POST', buildPath(calls.adminChat.path, { id: group.event_id }), body({ success: 'true', data: group }))?.written?.kind).toBe('group');
    const direct = dm(8, 'a1', 'a2');
    expect(writeOfAnswer('POST', buildPath(calls.privateChat.path, { id: tid }), body({ success: 'true', data: direct }))).toEqual({ eventId: direct.event_id, written: { kind: 'private', message: direct } });
    expect(writeOfAnswer('POST', buildPath(calls.adminPrivateChat.path, { id: direct.event_id }), body({ success: 'true', data: direct }))?.written?.kind).toBe('private');
  });

  test('an answer without the message (or its seq), or another write, names the event only', () => {
    const path = buildPath(calls.chat.path, { id: tid });
    expect(writeOfAnswer('POST', path, body({ success: 'true', data: { event_id: 'ev-1' } }))).toEqual({ eventId: 'ev-1' });
    const { seq: _seq, ...unsequenced } = chat(7);
    expect(writeOfAnswer('POST', path, body({ success: 'true', data: unsequenced }))).toEqual({ eventId: unsequenced.event_id });
    // A private write's answer without the parties is not taken for a group message.
    expect(writeOfAnswer('POST', buildPath(calls.privateChat.path, { id: tid }), body({ success: 'true', data: chat(7) }))).toEqual({ eventId: chat(7).event_id });
    expect(writeOfAnswer('POST', doorCalls.doorCheckIn.path, body({ success: 'true', data: chat(7) }))).toEqual({ eventId: chat(7).event_id });
    expect(writeOfAnswer('POST', path, body({ success: 'false', message: 'Nope' }))).toBeUndefined();
  });
});
