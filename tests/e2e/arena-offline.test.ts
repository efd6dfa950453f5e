import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { appReady, browsers } from './support/browser.js';
import { PHONE_WIDTH } from './support/layout.js';
import { createEventViaApi, registerViaApi, waitUntilLive } from './support/live-events.js';
import { createOrganiser } from './support/people.js';

/**
 * The arena with no network: once an attendee's phone has opened the arena, the attendee pages' service
 * worker controls them, and a reload with the phone offline still shows the chat history the phone kept,
 * says it is offline, and keeps what the attendee writes until the network is back, when it is sent and
 * reaches the room. The ticket opened once shows its QR offline too. The worker serves no API answer:
 * what the pages show offline is what the phone kept in its own storage.
 */

const baseUrl = inject('baseUrl');
const browser = browsers({ baseURL: baseUrl, width: PHONE_WIDTH, height: 780, reducedMotion: 'reduce', serviceWorkers: 'allow' });

const bubble = (page: Page, text: string) => page.getByRole('log').getByRole('listitem').filter({ hasText: text });

async function openChat(page: Page, tid: string): Promise<void> {
  await page.goto(`/event/u/arena/${tid}/chat`);
  await page.getByRole('heading', { level: 2, name: 'Event Chat' }).waitFor();
  await waitUntilLive(page);
}

describe('the arena with no network', () => {
  it('reloads offline from the worker with the kept history and ticket, and sends what was written offline once back', async () => {
    const organiser = await createOrganiser(baseUrl, 'Kemi Offline');
    const event = await createEventViaApi(baseUrl, organiser.authorization);
    const ada = await registerViaApi(baseUrl, event, 'Ada Backrow');
    const bola = await registerViaApi(baseUrl, event, 'Bola Stage');

    // Bola watches the room from another phone, online throughout.
    const watcher = await (await browser()).context.newPage();
    await openChat(watcher, bola.tid);

    const { context } = await browser();
    const phone = await context.newPage();
    const pageErrors: string[] = [];
    phone.on('pageerror', (error) => pageErrors.push(error.message));
    await openChat(phone, ada.tid);
    const input = phone.getByLabel('Message', { exact: true });
    await input.fill('Front row is full, come to the back');
    await input.press('Enter');
    await bubble(phone, 'Front row is full').and(phone.locator('[data-state="sent"]')).waitFor();
    await bubble(watcher, 'Front row is full').waitFor();

    // Ada opens her ticket once, online: the server's page shows the QR at once, and keeps it on the
    // device once its scripts have taken it over.
    const qr = (page: Page) => page.getByRole('img', { name: 'QR code of your ticket for the door' });
    const ticket = await context.newPage();
    await ticket.goto(`/event/u/token/${ada.tid}`);
    await qr(ticket).waitFor();
    await appReady(ticket);
    await ticket.close();

    // The worker takes the page over once it has stored the attendee pages' files.
    await phone.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 60_000 });
    expect(context.serviceWorkers().map((worker) => worker.url())).toContain(`${baseUrl}/event-sw.js`);

    await context.setOffline(true);
    const reloaded = await phone.reload();
    expect(reloaded?.fromServiceWorker()).toBe(true);
    await phone.getByRole('heading', { level: 2, name: 'Event Chat' }).waitFor();
    await bubble(phone, 'Front row is full').waitFor();
    await phone.getByText('You are offline — updates resume when the connection is back').waitFor();
    // The arena's own page, from a fresh tab, also loads offline.
    const arena = await context.newPage();
    expect((await arena.goto(`/event/u/arena/${ada.tid}`))?.fromServiceWorker()).toBe(true);
    await arena.getByRole('heading', { level: 1, name: event.title }).waitFor();
    await arena.close();
    // And her ticket, with the QR the door scans.
    const offlineTicket = await context.newPage();
    expect((await offlineTicket.goto(`/event/u/token/${ada.tid}`))?.fromServiceWorker()).toBe(true);
    await qr(offlineTicket).waitFor();
    await offlineTicket.getByText('Ada Backrow', { exact: true }).waitFor();
    await offlineTicket.close();

    await input.fill('Saving you a seat');
    await input.press('Enter');
    await bubble(phone, 'Saving you a seat').getByText('Waiting for the network…').waitFor();

    await context.setOffline(false);
    await bubble(phone, 'Saving you a seat').and(phone.locator('[data-state="sent"]')).waitFor({ timeout: 45_000 });
    await bubble(watcher, 'Saving you a seat').waitFor({ timeout: 45_000 });
    await waitUntilLive(phone);
    expect(pageErrors).toEqual([]);

    // After all that, the phone's caches hold the pages' code only: no API answer, no access token, no upload.
    const cached = await phone.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
      return urls;
    });
    expect(cached.length).toBeGreaterThan(0);
    const notCode = (url: string) => {
      const { pathname, search } = new URL(url);
      return !(pathname.startsWith('/assets/') || /^\/(?:index\.html|favicon\.svg|after-paint\.js)$/.test(pathname)) || `${pathname}${search}`.includes(ada.tid);
    };
    expect(cached.filter(notCode)).toEqual([]);
  });
});
