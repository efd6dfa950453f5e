import { adminIdOf } from '@tapcard/shared/domain';
import { describe, expect, test } from 'vitest';
import type { ClientSocket } from '../test/client.js';
import { fakeStack } from '../test/fake-stack.js';
import { startGateway } from '../test/gateway.js';
import { expectNoMorePrivate, organiserSocket } from '../test/organiser.js';
import { waitFor } from '@tapcard/testkit/wait';

/** An organiser's subscription ends with the organiser's session, on one gateway without Redis. */

const stack = fakeStack();
const { sockets } = stack;

describe('organiser sessions', () => {
  test('a logout through the gateway ends the organiser socket: it is told, and private messages stop', async () => {
    const { eventId, bearer } = stack.upstream.addEvent();
    const organiser = await organiserSocket(stack.gateway.url, eventId, bearer, sockets);
    // A write under /auth/api/ that ends no session (the fake's password change) leaves the socket subscribed.
    const changed = await fetch(`${stack.gateway.url}/api/auth/api/change-password`, {
      method: 'POST',
      headers: { authorization: bearer, 'content-type': 'application/json' },
      body: JSON.stringify({ password: 'Secret123!', confirm_password: 'Secret123!' }),
    });
    expect(changed.status).toBe(200);
    const bo = stack.upstream.addAttendee(eventId, 'Bo');
    const admin = adminIdOf(stack.upstream.events.get(eventId)?.details.user_id ?? '');
    const before = stack.upstream.postPrivate(eventId, bo.id, admin, 'still here?');
    await waitFor(() => organiser.updates.some((u) => u.private_chats?.some((m) => m.id === before.id)), 15_000);
    expect(organiser.ended).toEqual([]);

    const logout = await fetch(`${stack.gateway.url}/api/auth/api/logout`, { method: 'POST', headers: { authorization: bearer } });
    expect(logout.status).toBe(200);
    await waitFor(() => organiser.ended.length > 0, 15_000);
    expect(organiser.ended).toEqual([{ subscription: { kind: 'organiser', eventId }, error: { code: 'forbidden', message: 'Your session has ended. Please log in again.' } }]);
    await expectNoMorePrivate(stack.gateway.url, stack.upstream, eventId, organiser, sockets);
  });

  test('a session that ends elsewhere (expiry) ends the socket at the periodic recheck', async () => {
    const periodic = await startGateway({ UPSTREAM_URL: stack.upstream.url, ORGANISER_RECHECK_MS: '300' });
    const own: ClientSocket[] = [];
    try {
      const { eventId, bearer } = stack.upstream.addEvent();
      const organiser = await organiserSocket(periodic.url, eventId, bearer, own);
      stack.upstream.endSession(bearer);
      await waitFor(() => organiser.ended.length > 0, 15_000);
      expect(organiser.ended[0]).toMatchObject({ subscription: { kind: 'organiser', eventId }, error: { code: 'forbidden' } });
      await expectNoMorePrivate(periodic.url, stack.upstream, eventId, organiser, own);
    } finally {
      for (const socket of own) socket.close();
      await periodic.close();
    }
  });
});
