import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { calls } from '@tapcard/shared/contract';
import { organiserViewOf } from '../../lib/live/polls.js';
import { paths, routes } from '../../lib/paths.js';
import { adminEvent, EVENT_ID } from '../../test/event-fixtures.js';
import { fail, mockNetwork, ok } from '../../test/network.js';
import { startRealtimeServer } from '../../test/realtime-server.js';
import { chatBubble, failedAcrossReload } from '../../test/chat.js';
import { renderRoutes, signIn, signOut } from '../../test/render.js';
import { EventChatPage } from './EventChatPage.js';

const routeObjects = [{ path: routes.eventChat, element: <EventChatPage /> }];
/** The page's first view waits for the socket (its script loads on first use): generous on a busy machine. */
const SLOW = { timeout: 10_000 };

beforeEach(() => signIn());
afterEach(() => {
  signOut();
});

describe("the organiser's event chat", () => {
  it('keeps a failed message across a reload, with Retry and Delete', async () => {
    const admin = adminEvent();
    const network = mockNetwork();
    network.on(calls.adminEvent, ok(admin));
    network.on(calls.adminChat, fail('Too many messages, wait a moment.', 429));
    await startRealtimeServer(() => ({ ...organiserViewOf(admin), version: 3 }));
    const { user, kept } = await failedAcrossReload(routeObjects, paths.eventChat(EVENT_ID), 'Doors at nine', SLOW);
    await user.click(within(kept).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(network.sent(calls.adminChat)).toHaveLength(2), SLOW);
    await waitFor(() => expect(chatBubble('Doors at nine')).toHaveAttribute('data-state', 'failed'), SLOW);
    await user.click(within(chatBubble('Doors at nine') as HTMLElement).getByRole('button', { name: 'Delete' }));
    expect(chatBubble('Doors at nine')).toBeNull();

    cleanup();
    renderRoutes(routeObjects, paths.eventChat(EVENT_ID));
    await screen.findByRole('textbox', { name: 'Message' }, SLOW);
    expect(chatBubble('Doors at nine')).toBeNull();
  });
});
