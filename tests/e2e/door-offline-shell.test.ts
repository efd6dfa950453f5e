import { doorCalls } from '@tapcard/shared/contract';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { callApi } from './support/api.js';
import { appReady, browsers } from './support/browser.js';
import { PHONE_WIDTH } from './support/layout.js';
import { createEventViaApi } from './support/live-events.js';
import { createOrganiser } from './support/people.js';

/**
 * The door page is an installable app that loads with no network: once a staff phone has opened its
 * staff link, the door's service worker controls the door pages, and a reload with the phone offline
 * still shows the gate and event of the stored door session. The rest of the app stays the worker's
 * business of no one: the landing page is not controlled and not installable as the door.
 */

const baseUrl = inject('baseUrl');
const browser = browsers({ baseURL: baseUrl, width: PHONE_WIDTH, height: 780, reducedMotion: 'reduce', serviceWorkers: 'allow' });

/** Whether a fetch from `where` (a page or the service worker) reaches the server: 'reached' or 'offline'. */
function reachServer(where: Pick<Page, 'evaluate'>): Promise<string> {
  return where.evaluate(() =>
    fetch('/healthz', { cache: 'no-store' }).then(
      () => 'reached',
      () => 'offline',
    ),
  );
}

const controlled = (page: Page) => page.evaluate(() => navigator.serviceWorker.controller !== null);

describe('the door page with no network', () => {
  it("reloads offline from the door's service worker, which controls the door pages only", async () => {
    const organiser = await createOrganiser(baseUrl, 'Funmi Gatekeeper');
    const event = await createEventViaApi(baseUrl, organiser.authorization);
    const created = await callApi(baseUrl, doorCalls.createStaffLink, {
      params: { id: event.id },
      authorization: organiser.authorization,
      body: { label: 'South gate', expiry: 'event_end' },
    });
    if (created.answer.success !== 'true') throw new Error(created.answer.message);

    // A staff phone opens the link once, online: the door page, installable as the door.
    const { context } = await browser();
    const phone = await context.newPage();
    await phone.goto(created.answer.data.path);
    const doorHeading = (page: Page) => page.getByRole('heading', { level: 1, name: `You are checking in at South gate for ${event.title}` });
    await doorHeading(phone).waitFor();
    expect(await phone.locator('link[rel="manifest"]').getAttribute('href')).toBe('/door.webmanifest');
    const manifest = (await (await context.request.get('/door.webmanifest')).json()) as { scope: string; start_url: string; icons: { sizes: string }[] };
    expect(manifest).toMatchObject({ scope: '/door', start_url: '/door' });
    expect(manifest.icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));

    // The worker takes the page over once it has stored the door's files.
    await phone.waitForFunction(() => navigator.serviceWorker.controller !== null);
    const [worker] = context.serviceWorkers();
    expect(worker?.url()).toBe(`${baseUrl}/door-sw.js`);

    // Offline: neither the page nor the worker reaches the server any more.
    await context.setOffline(true);
    expect(await reachServer(phone)).toBe('offline');
    expect(await reachServer(worker!)).toBe('offline');

    // The door page still loads, from the worker, with the phone's door session.
    const reloaded = await phone.reload();
    expect(reloaded?.fromServiceWorker()).toBe(true);
    await doorHeading(phone).waitFor();
    expect(new URL(phone.url()).pathname).toBe('/door');
    // So does a fresh tab at the door's address (the installed app's start).
    const fresh = await context.newPage();
    expect((await fresh.goto('/door'))?.fromServiceWorker()).toBe(true);
    await doorHeading(fresh).waitFor();
    await fresh.close();

    // The rest of the app is not the worker's: the landing page is not controlled nor installable
    // as the door, and offline it does not load at all.
    await context.setOffline(false);
    const home = await context.newPage();
    const landing = await home.goto('/');
    expect(landing?.fromServiceWorker()).toBe(false);
    await appReady(home);
    expect(await controlled(home)).toBe(false);
    expect(await home.locator('link[rel="manifest"]').count()).toBe(0);
    await context.setOffline(true);
    await expect(home.reload()).rejects.toThrow(/ERR_INTERNET_DISCONNECTED/);
    expect(await controlled(phone)).toBe(true);
  });
});
