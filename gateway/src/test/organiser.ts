import { adminIdOf } from '@tapcard/shared/domain';
import { endedSchema, simpleAckSchema, updateSchema } from '@tapcard/shared/realtime';
import type { Ended, Update } from '@tapcard/shared/realtime';
import { expect } from 'vitest';
import { connect, subscribeOk, trackedSubscriber } from './client.js';
import type { ClientSocket } from './client.js';
import type { FakeUpstream } from './fake-upstream.js';
import { waitFor } from '@tapcard/testkit/wait';

/** Organiser sockets whose session ends, and the check that nothing private reaches them after. */

export interface Watched {
  socket: ClientSocket;
  updates: Update[];
  ended: Ended[];
}

/** An organiser's socket, subscribed, recording what it is sent. */
export async function organiserSocket(url: string, eventId: string, bearer: string, into: ClientSocket[]): Promise<Watched> {
  const socket = await connect(url, { token: bearer });
  into.push(socket);
  const watched: Watched = { socket, updates: [], ended: [] };
  socket.on('update', (raw: unknown) => watched.updates.push(updateSchema.parse(raw)));
  socket.on('ended', (raw: unknown) => watched.ended.push(endedSchema.parse(raw)));
  await subscribeOk(socket, { kind: 'organiser', eventId });
  return watched;
}

/**
 * An attendee writes privately to the organiser; once the attendee's own socket has the message, the
 * ended socket's answer to a resync (the subscription is gone) proves nothing more was on its way.
 */
export async function expectNoMorePrivate(url: string, upstream: FakeUpstream, eventId: string, ended: Watched, into: ClientSocket[]): Promise<void> {
  const event = upstream.events.get(eventId);
  const ada = upstream.addAttendee(eventId, 'Ada');
  const attendee = await trackedSubscriber(url, { kind: 'arena', tid: ada.tid });
  into.push(attendee.socket);
  const message = upstream.postPrivate(eventId, ada.id, adminIdOf(event?.details.user_id ?? ''), 'for the organiser only');
  await waitFor(() => attendee.privateIds.has(message.id), 5000);
  const ack = simpleAckSchema.parse(await ended.socket.timeout(5000).emitWithAck('resync', { eventId, version: 0 }));
  expect(ack).toMatchObject({ ok: false, error: { code: 'not_found' } });
  expect(ended.updates.flatMap((u) => u.private_chats ?? []).map((m) => m.id)).not.toContain(message.id);
}
