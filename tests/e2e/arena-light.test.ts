import type { Page } from 'playwright-core';
import { describe, expect, inject, it, vi } from 'vitest';
import { calls } from '@tapcard/shared/contract';
import { callApi } from './support/api.js';
import { browsers } from './support/browser.js';
import { DEMO } from './support/demo.js';
import { PHONE_WIDTH } from './support/layout.js';
import { createEventViaApi, markDocument, registerViaApi, sameDocument, waitUntilLive } from './support/live-events.js';
import { createOrganiser } from './support/people.js';
import { holdTakeOver, pageErrors } from './support/takeover.js';

/**
 * The arena and its chats on a slow phone: the gateway renders them with their latest messages, so
 * they read before any script runs; the light entry makes the page work, and the app then takes it
 * over and goes live. What the attendee does before the app has arrived (a message sent, a draft being
 * typed) is not lost in the take-over.
 */

const baseUrl = inject('baseUrl');
const browser = browsers({ baseURL: baseUrl, width: PHONE_WIDTH, height: 780, reducedMotion: 'reduce' });
const log = (page: Page) => page.getByRole('log', { name: 'Event Chat messages' });
const bubble = (page: Page, text: string) => log(page).getByRole('listitem').filter({ hasText: text });

describe('the arena on a slow phone', () => {
  it('shows the group chat’s latest messages and a private chat with no script run', async () => {
    const { context } = await browser({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`/event/u/arena/${DEMO.attendees.ada}/chat`);
    await expect(page.getByRole('heading', { level: 2, name: 'Event Chat' }).isVisible()).resolves.toBe(true);
    // The seed's newest group message, and the organiser's, as the live page shows them.
    await expect(bubble(page, 'Great turnout tonight').isVisible()).resolves.toBe(true);
    await expect(bubble(page, 'VIP lanyards are at the front desk').getByText('ADMIN').isVisible()).resolves.toBe(true);
    await expect(page.getByRole('status').filter({ hasText: 'Connecting to live updates…' }).isVisible()).resolves.toBe(true);
    await expect(page.getByRole('textbox', { name: 'Message' }).isVisible()).resolves.toBe(true);

    // Ada's private conversation with Bayo is listed, and opens with its messages.
    await page.getByRole('navigation', { name: 'Private messages' }).getByRole('link').first().click();
    await page.waitForURL(/\/chat\/[^/]+$/);
    await expect(page.getByText('Sure, see you by the coffee bar.').isVisible()).resolves.toBe(true);
  });

  it('opens the group chat at its newest message before the page’s scripts have arrived', async () => {
    const { context } = await browser();
    const page = await context.newPage();
    // The light entry never arrives, as on a network too slow for it yet: only the page and its loader.
    await page.route(/\/assets\/visitor-[\w-]+\.js$/, (route) => route.abort());
    await page.goto(`/event/u/arena/${DEMO.attendees.ada}/chat`);
    const newest = bubble(page, 'Great turnout tonight');
    await vi.waitFor(async () => expect(await newest.evaluate((element) => element.getBoundingClientRect().bottom <= window.innerHeight && window.scrollY > 0)).toBe(true), { timeout: 10_000 });
    // It stands above the composer docked at the window's bottom, not under it.
    const composer = await page.getByRole('textbox', { name: 'Message' }).boundingBox();
    const box = await newest.boundingBox();
    expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(composer?.y ?? 0);
    await expect(page.locator('html[data-app="ready"]').count()).resolves.toBe(0);
  });

  it('goes live once the app has taken over, with nothing lost: a message sent before is delivered, a draft keeps its text and focus', async () => {
    const organiser = await createOrganiser(baseUrl, 'Tunde Slowlink');
    const event = await createEventViaApi(baseUrl, organiser.authorization);
    const ada = await registerViaApi(baseUrl, event, 'Ada Slowlink');
    const bola = await registerViaApi(baseUrl, event, 'Bola Earlybird');
    const posted = await callApi(baseUrl, calls.chat, { params: { id: bola.tid }, body: { event_id: event.id, attendee_id: bola.id, message: 'Who else is here early?', image: '' } });
    expect(posted.answer.success).toBe('true');

    const { context } = await browser();
    const page = await context.newPage();
    const errors = pageErrors(page);
    // The app's code is held back, as on a slow network, until the attendee has written.
    const release = await holdTakeOver(page);

    await page.goto(`/event/u/arena/${ada.tid}/chat`);
    await bubble(page, 'Who else is here early?').waitFor();
    await page.locator('html[data-app="ready"]').waitFor({ state: 'attached' });
    await markDocument(page);
    const input = page.getByRole('textbox', { name: 'Message' });
    await input.fill('Coming in ten');
    await input.press('Enter');
    await bubble(page, 'Coming in ten').and(page.locator('[data-state="pending"]')).waitFor();
    await input.fill('Saving you a sea');
    release();

    await waitUntilLive(page);
    await bubble(page, 'Coming in ten').and(page.locator('[data-state="sent"]')).waitFor();
    await expect(input.inputValue()).resolves.toBe('Saving you a sea');
    await expect(input.evaluate((element) => element === document.activeElement)).resolves.toBe(true);
    await input.pressSequentially('t');
    await input.press('Enter');
    await bubble(page, 'Saving you a seat').and(page.locator('[data-state="sent"]')).waitFor();

    // Bola reads both from the server.
    const seen = await callApi(baseUrl, calls.eventToken, { params: { id: bola.tid } });
    expect(seen.answer.success === 'true' ? seen.answer.data.attendee.chats.map((c) => c.message) : []).toEqual(['Who else is here early?', 'Coming in ten', 'Saving you a seat']);

    // Live and in the app: Back to Arena stays in the page.
    await page.getByRole('link', { name: 'Back to Arena' }).click();
    await page.getByRole('link', { name: 'Event Chat' }).waitFor();
    await expect(sameDocument(page)).resolves.toBe(true);
    expect(errors).toEqual([]);
  });
});
