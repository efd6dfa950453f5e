import { doorCalls, type Event } from '@tapcard/shared/contract';
import { matchPage, pagePatterns } from '@tapcard/shared/pages';
import { expect } from 'vitest';
import { answerOf, send } from './contract.js';
import type { TestUpstream } from './harness.js';

/** Helpers of the tests that scan tickets at the door. */

/** A door session of a new 'North gate' staff link to the event, made by its organiser. */
export async function doorSession(t: TestUpstream, authorization: string, event: Event): Promise<string> {
  const link = answerOf(doorCalls.createStaffLink, await send(t, doorCalls.createStaffLink, { authorization, params: { id: event.id }, body: { label: 'North gate' } }));
  if (link.success !== 'true') throw new Error(link.message);
  const opened = answerOf(doorCalls.openStaffLink, await send(t, doorCalls.openStaffLink, { body: { secret: matchPage(pagePatterns.staffLink, link.data.path)?.secret ?? '' } }));
  if (opened.success !== 'true') throw new Error(opened.message);
  return opened.data.session;
}

/** A door scan of the attendee's ticket (`offline`: one made earlier on a device, synced now), and its answer's message. */
export async function doorCheckIn(t: TestUpstream, session: string, attendeeId: string, offline?: { clientId: string; scannedAt: Date }) {
  const res = await send(t, doorCalls.doorCheckIn, {
    body: { session, attendee_id: attendeeId, ...(offline ? { client_id: offline.clientId, scanned_at: offline.scannedAt.toISOString() } : {}) },
  });
  expect(res.statusCode, res.body).toBe(200);
  const answer = answerOf(doorCalls.doorCheckIn, res);
  if (answer.success !== 'true') throw new Error(answer.message);
  return { ...answer.data, message: answer.message };
}

/** The event's change sequence number. */
export async function eventSeq(t: TestUpstream, eventId: string): Promise<number> {
  return (await t.db.selectFrom('events').select('seq').where('id', '=', eventId).executeTakeFirstOrThrow()).seq;
}
