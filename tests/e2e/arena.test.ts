import { calls, type Event } from '@tapcard/shared/contract';
import { formatEventDate } from '@tapcard/shared/domain';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { callApi } from './support/api.js';
import { expectCount } from './support/counts.js';
import { PHONE_WIDTH } from './support/layout.js';
import { checkScreen } from './support/screens.js';
import { browsers } from './support/browser.js';
import { mintChips } from './support/cli.js';
import { DEMO } from './support/demo.js';
import { createEventViaApi, markDocument, registerViaApi, sameDocument, waitUntilLive, watchForText, type Registered } from './support/live-events.js';
import { createOrganiser, signIn, unique, type Account } from './support/people.js';

/**
 * The live arena: group chat between an attendee and the
 * organiser over the gateway's socket, private chats, the polling fallback, and chips.
 */

const baseUrl = inject('baseUrl');
const productEnv = inject('productEnv');
let organiser: Account;
// Visitors and attendees arrive on a phone: the narrowest the product is built for, unless told
// otherwise. Less motion: the product turns its animations off, so axe never meets a half-faded toast.
const browser = browsers({ baseURL: baseUrl, width: PHONE_WIDTH, height: 780, reducedMotion: 'reduce' });

beforeAll(async () => {
  // An organiser of this file's own, and events of each journey's own: the demo's chat stays as it is.
  organiser = await createOrganiser(baseUrl, 'Segun Host');
});

/** Opens an attendee's group chat (through the arena's Event Chat button) and waits until it is live. */
async function openGroupChat(context: BrowserContext, event: Event, attendee: Registered, checks = false): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`/event/u/arena/${attendee.tid}`);
  await page.getByRole('heading', { level: 1, name: event.title }).waitFor();
  if (checks) {
    // The ongoing arena: banner, the attendee's own name and the Event Chat button.
    await expectCount(page.getByText(attendee.name, { exact: true })).toBe(1);
    await checkScreen(page, 'arena');
  }
  await page.getByRole('link', { name: 'Event Chat' }).click();
  await page.waitForURL(`**/event/u/arena/${attendee.tid}/chat`);
  await page.getByRole('heading', { level: 2, name: 'Event Chat' }).waitFor();
  await waitUntilLive(page);
  return page;
}

/** Types `text` into the chat's composer and sends it with Enter; answers the time just before the key. */
async function sendWithEnter(page: Page, text: string): Promise<number> {
  const input = page.getByLabel('Message', { exact: true });
  await input.fill(text);
  const at = Date.now();
  await input.press('Enter');
  return at;
}

/** The message bubble holding `text`. */
const bubble = (page: Page, text: string) => page.getByRole('log').getByRole('listitem').filter({ hasText: text });

describe('arena group chat', () => {
  it('shows an attendee\'s post in the organiser\'s admin chat live, within seconds, and the reply in the arena', async () => {
    const event = await createEventViaApi(baseUrl, organiser.authorization);
    const attendee = await registerViaApi(baseUrl, event, 'Ifeoma Chukwu');

    const host = (await browser({ width: 1280, height: 900 })).context;
    const admin = await host.newPage();
    await signIn(admin, organiser);
    await admin.goto(`/event/${event.id}/chat`);
    await admin.getByRole('heading', { level: 1, name: event.title }).waitFor();
    await admin.getByRole('heading', { level: 2, name: 'Event Chat' }).waitFor();
    await expectCount(admin.getByText('Ongoing', { exact: true })).toBe(1);
    await waitUntilLive(admin);
    await checkScreen(admin, 'admin event chat');
    await markDocument(admin);

    const phone = (await browser()).context;
    const arena = await openGroupChat(phone, event, attendee, true);
    await expectCount(arena.getByText('Ongoing', { exact: true })).toBe(1);
    await expectCount(arena.getByText('No messages yet. Say hello!')).toBe(1);
    await checkScreen(arena, 'arena group chat');

    // The attendee posts (Enter); the organiser's page shows it, timed from the key press.
    const post = `Hello from row three, is the demo starting soon? ${unique()}`;
    const seenByAdmin = await watchForText(admin, post);
    const postedAt = await sendWithEnter(arena, post);
    const shownAt = await seenByAdmin();
    const latency = shownAt - postedAt;
    console.info(`arena group chat: attendee post -> organiser's admin chat in ${latency} ms`);
    // Live, on the open page: a quiet machine shows it in well under a second (the realtime benchmark,
    // tests/bench/realtime, holds the latency goal); the bound here leaves room for a loaded machine,
    // where journeys share 2 cores with Chromiums and products, and an assertion of speed would fail a sound run.
    expect(latency, `attendee post -> admin chat took ${latency} ms`).toBeLessThan(5000);
    await expect.poll(() => bubble(arena, post).getAttribute('data-state')).toBe('sent');
    expect(await bubble(arena, post).getAttribute('data-style')).toBe('own');
    const received = bubble(admin, post);
    expect(await received.getAttribute('data-style')).toBe('other');
    await expectCount(received.getByText('Ifeoma Chukwu')).toBe(1);
    expect(await sameDocument(admin)).toBe(true);

    // The organiser replies as ADMIN (the send button); the arena shows it, in the admin style.
    const reply = `Yes, in five minutes. Grab a seat! ${unique()}`;
    const seenInArena = await watchForText(arena, reply);
    await admin.getByLabel('Message', { exact: true }).fill(reply);
    const repliedAt = Date.now();
    await admin.getByRole('button', { name: 'Send' }).click();
    const replyShownAt = await seenInArena();
    expect(replyShownAt - repliedAt, 'admin reply -> arena').toBeLessThan(5000);
    const adminBubble = bubble(arena, reply);
    expect(await adminBubble.getAttribute('data-style')).toBe('admin');
    await expectCount(adminBubble.getByRole('link', { name: 'ADMIN (private chat)' })).toBe(1);
    // Shown once, though it came both as the post's answer and over the socket.
    await expectCount(bubble(admin, reply)).toBe(1);
    await expectCount(bubble(arena, post)).toBe(1);
    await checkScreen(arena, 'arena group chat with messages');
  });

  it('keeps a private chat between two attendees to the two of them', async () => {
    const event = await createEventViaApi(baseUrl, organiser.authorization);
    const [ifeoma, chinedu, sade] = await Promise.all([
      registerViaApi(baseUrl, event, 'Ifeoma Chukwu'),
      registerViaApi(baseUrl, event, 'Chinedu Okafor'),
      registerViaApi(baseUrl, event, 'Sade Balogun'),
    ]);
    const [a, b, c] = await Promise.all([browser(), browser(), browser()]);
    const pageA = await openGroupChat(a.context, event, ifeoma);
    const pageB = await openGroupChat(b.context, event, chinedu);
    const pageC = await openGroupChat(c.context, event, sade);

    // Chinedu says hello in the group; Ifeoma taps his name to write to him privately.
    const hello = `Chinedu here, building payments ${unique()}`;
    await sendWithEnter(pageB, hello);
    await bubble(pageA, hello).waitFor();
    await bubble(pageA, hello).getByRole('link', { name: /Chinedu Okafor/ }).click();
    await pageA.waitForURL(`**/event/u/arena/${ifeoma.tid}/chat/${chinedu.id}`);
    await pageA.getByRole('heading', { level: 2, name: 'Chinedu Okafor' }).waitFor();
    await expectCount(pageA.getByRole('link', { name: 'Back to Event Chat' })).toBe(1);
    await waitUntilLive(pageA);
    await checkScreen(pageA, 'private chat');
    const secret = `Coffee after the talk? ${unique()}`;
    await sendWithEnter(pageA, secret);

    // Chinedu sees the conversation from his group chat and answers.
    const thread = pageB.getByRole('navigation', { name: 'Private messages' });
    await thread.getByRole('link', { name: /Ifeoma Chukwu/ }).waitFor();
    await thread.getByRole('link', { name: /Ifeoma Chukwu/ }).click();
    await pageB.waitForURL(`**/event/u/arena/${chinedu.tid}/chat/${ifeoma.id}`);
    await bubble(pageB, secret).waitFor();
    const answer = `Sure, by the coffee bar ${unique()}`;
    await sendWithEnter(pageB, answer);
    await bubble(pageA, answer).waitFor();
    expect(await bubble(pageA, secret).getAttribute('data-style')).toBe('own');
    expect(await bubble(pageA, answer).getAttribute('data-style')).toBe('other');

    // A later group message is a barrier: once Sade has it, anything sent before would be there too.
    const barrier = `Thanks everyone ${unique()}`;
    await pageB.getByRole('link', { name: 'Back to Event Chat' }).click();
    await pageB.getByRole('heading', { level: 2, name: 'Event Chat' }).waitFor();
    await waitUntilLive(pageB);
    await sendWithEnter(pageB, barrier);
    await bubble(pageC, barrier).waitFor();
    const seenByC = await pageC.locator('body').innerText();
    expect(seenByC).not.toContain(secret);
    expect(seenByC).not.toContain(answer);
    await expectCount(pageC.getByRole('navigation', { name: 'Private messages' })).toBe(0);
    // Nor in Sade's own private chat with either of them.
    await pageC.goto(`/event/u/arena/${sade.tid}/chat/${ifeoma.id}`);
    await waitUntilLive(pageC);
    await pageC.getByText('No messages yet. Say hello!').waitFor();
    expect(await pageC.locator('body').innerText()).not.toContain(secret);
    // And the server gives her nothing of it either.
    const hers = await callApi(baseUrl, calls.eventToken, { params: { id: sade.tid } });
    expect(JSON.stringify(hers.answer)).not.toContain(secret);
  });
});

describe('arena chat on a phone', () => {
  it('keeps the newest message and a failed one\'s Retry clear of the input bar, and says at once when the network drops', async () => {
    const event = await createEventViaApi(baseUrl, organiser.authorization);
    const [attendee, other, third] = await Promise.all([registerViaApi(baseUrl, event, 'Ngozi Eze'), registerViaApi(baseUrl, event, 'Tunde Bakare'), registerViaApi(baseUrl, event, 'Kemi Ade')]);
    // Two posters take turns: one attendee may post at most LIMITS.chatPosts.max messages in its window.
    const post = (message: string, by: Registered) => callApi(baseUrl, calls.chat, { params: { id: by.tid }, body: { event_id: event.id, attendee_id: by.id, message, image: '' } });
    // More than a phone's screen of messages.
    for (let i = 1; i <= 16; i += 1) expect((await post(`Line ${i} of the agenda, please read it all ${unique()}`, i % 2 === 0 ? other : third)).answer.success).toBe('true');

    const { context } = await browser();
    const page = await openGroupChat(context, event, attendee);
    const bar = page.locator('form').filter({ has: page.getByLabel('Message', { exact: true }) });
    /** How far the bottom of `locator` is below the top of the input bar (at most 0 when clear of it). */
    const overlap = async (locator: ReturnType<Page['locator']>) => {
      const [box, barBox] = await Promise.all([locator.boundingBox(), bar.boundingBox()]);
      if (!box || !barBox) return Number.NaN;
      return Math.round(box.y + box.height - barBox.y);
    };
    const clear = async (locator: ReturnType<Page['locator']>) => (await overlap(locator)) <= 0;
    await bubble(page, 'Line 16 of the agenda').waitFor();
    await expect.poll(() => clear(bubble(page, 'Line 16 of the agenda')), { timeout: 30_000 }).toBe(true);

    // A message arriving live scrolls in above the bar too.
    const live = `Coffee is served in the hall ${unique()}`;
    const seen = await watchForText(page, live);
    expect((await post(live, other)).answer.success).toBe('true');
    await seen();
    await expect.poll(() => clear(bubble(page, live)), { timeout: 30_000 }).toBe(true);

    // A post that fails: its 'Not sent… Retry' line shows above the bar.
    await page.route('**/create-chat/**', (route) => route.abort());
    const failing = `This one will not go ${unique()}`;
    await sendWithEnter(page, failing);
    await expect.poll(() => bubble(page, failing).getAttribute('data-state'), { timeout: 30_000 }).toBe('failed');
    const retry = bubble(page, failing).getByRole('button', { name: 'Retry' });
    await expect.poll(() => clear(retry), { timeout: 30_000 }).toBe(true);
    await page.unroute('**/create-chat/**');

    // The network drops: the page says so at once, and is live again when it is back.
    const offline = page.locator('[data-connection]').first();
    await context.setOffline(true);
    await expect.poll(() => offline.getAttribute('data-connection'), { timeout: 30_000 }).toBe('offline');
    expect(await offline.textContent()).toBe('You are offline — updates resume when the connection is back');
    await context.setOffline(false);
    await waitUntilLive(page);
  });
});

describe('arena without the socket', () => {
  it('still updates by polling when the gateway\'s socket is blocked, says so, and goes live again', async () => {
    const event = await createEventViaApi(baseUrl, organiser.authorization);
    const attendee = await registerViaApi(baseUrl, event, 'Bisi Adewale');
    const other = await registerViaApi(baseUrl, event, 'Kunle Ade');

    const { context } = await browser();
    // Block the realtime socket, both its HTTP long-polling requests and its WebSocket.
    let blocked = true;
    await context.route('**/socket.io/**', (route) => (blocked ? route.abort() : route.continue()));
    await context.routeWebSocket(/\/socket\.io\//, (ws) => {
      if (blocked) void ws.close();
      else ws.connectToServer();
    });
    const page = await context.newPage();
    await page.goto(`/event/u/arena/${attendee.tid}/chat`);
    await page.getByRole('heading', { level: 2, name: 'Event Chat' }).waitFor();
    const status = page.getByRole('status').filter({ hasText: 'Live updates are paused' });
    await status.waitFor({ timeout: 30_000 });
    expect(await status.textContent()).toBe('Live updates are paused — refreshing every second');
    expect(await page.locator('[data-connection]').getAttribute('data-connection')).toBe('polling');
    await checkScreen(page, 'arena chat while polling');

    // Another attendee posts (straight to the API): the blocked page shows it from its polls.
    const post = `Anyone from Ibadan here? ${unique()}`;
    const seen = await watchForText(page, post);
    const sentAt = Date.now();
    const sent = await callApi(baseUrl, calls.chat, { params: { id: other.tid }, body: { event_id: event.id, attendee_id: other.id, message: post, image: '' } });
    expect(sent.answer.success).toBe('true');
    // Polled every second: well within a few seconds even on a busy machine.
    expect((await seen()) - sentAt, 'post -> polling page').toBeLessThan(5000);

    // Its own posts still go out, and show once.
    const mine = `Me! ${unique()}`;
    await sendWithEnter(page, mine);
    await expect.poll(() => bubble(page, mine).getAttribute('data-state')).toBe('sent');

    // The socket is allowed again: the page returns to it by itself and the notice goes away.
    blocked = false;
    await expect.poll(() => page.locator('[data-connection]').getAttribute('data-connection'), { timeout: 20_000 }).toBe('live');
    await expectCount(status).toBe(0);
    await expectCount(bubble(page, mine)).toBe(1);
    await expectCount(bubble(page, post)).toBe(1);
  });
});

describe('chips', () => {
  it('opens the attendee view for a chip bound to an attendee', async () => {
    // The demo's chip bound to Ada (read only: a visitor's look changes nothing).
    const { context } = await browser();
    const page = await context.newPage();
    await page.goto(`/events/d/chip/i/${DEMO.chips.bound}`);
    await page.getByRole('heading', { level: 1, name: DEMO.liveEventTitle }).waitFor();
    await expectCount(page.getByText('Ada Obi', { exact: true })).toBe(1);
    await expectCount(page.getByText('Ticket: VIP', { exact: true })).toBe(1);
    await checkScreen(page, 'chip attendee view');
    await page.getByRole('link', { name: 'Chat', exact: true }).click();
    await page.waitForURL(`**/events/d/chip/i/${DEMO.chips.bound}/chat`);
    await page.getByRole('heading', { level: 2, name: 'Event Chat' }).waitFor();
    await bubble(page, 'Just checked in. The NFC tap at the door was instant!').waitFor();
    // Posting from a chip needs the holder's access token.
    await page.getByRole('heading', { name: 'Enter your access token to chat' }).waitFor();
    await checkScreen(page, 'chip chat');
  });

  it(
    'binds an unbound chip with the attendee\'s access token, then the organiser\'s tap checks them in',
    async () => {
      // A chip binds only to a ticket that includes one.
      const event = await createEventViaApi(baseUrl, organiser.authorization, { freeWithChips: true });
      const attendee = await registerViaApi(baseUrl, event, 'Efosa Igbinedion');
      const chipId = (await mintChips(productEnv, event.id, 1)).trim().split('\t')[0] ?? '';
      expect(chipId).not.toBe('');

      // The attendee taps the new chip: the access-token entry; a good token binds it and shows them.
      const { context } = await browser();
      const page = await context.newPage();
      await page.goto(`/events/d/chip/i/${chipId}`);
      await page.getByRole('heading', { name: 'Enter your access token' }).waitFor();
      await checkScreen(page, 'chip token entry');
      await page.getByLabel('Access Token', { exact: true }).fill(attendee.tid);
      await page.getByRole('button', { name: 'Submit' }).click();
      await page.getByRole('heading', { level: 1, name: event.title }).waitFor();
      await expectCount(page.getByText('Efosa Igbinedion', { exact: true })).toBe(1);
      await expectCount(page.getByText('Ticket: Free', { exact: true })).toBe(1);
      await expectCount(page.getByText(formatEventDate(event.start_date), { exact: true })).toBe(1);
      await expectCount(page.getByRole('link', { name: 'Chat', exact: true })).toBe(1);

      // The organiser taps it: the check-in view checks the attendee in.
      const host = (await browser()).context;
      const check = await host.newPage();
      await signIn(check, organiser);
      await check.goto(`/events/d/chip/i/${chipId}`);
      await check.getByText('Checked In', { exact: true }).waitFor();
      await expectCount(check.getByText('Efosa Igbinedion', { exact: true })).toBe(1);
      await checkScreen(check, 'chip check-in view');
      const admin = await callApi(baseUrl, calls.adminEvent, { params: { id: event.id }, authorization: organiser.authorization });
      expect(admin.answer.success === 'true' && admin.answer.data.attendees.find((x) => x.id === attendee.id)?.checked_in).toBe(true);
    },
  );
});
