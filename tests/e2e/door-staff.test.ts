import { calls } from '@tapcard/shared/contract';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { callApi } from './support/api.js';
import { expectCount } from './support/counts.js';
import { DEMO } from './support/demo.js';
import { PHONE_WIDTH } from './support/layout.js';
import { createEventViaApi, markDocument, registerViaApi, sameDocument, waitUntilLive } from './support/live-events.js';
import { createOrganiser, signIn, type Account } from './support/people.js';
import { readQrCode } from './support/qr.js';
import { checkScreen } from './support/screens.js';
import { browsers } from './support/browser.js';

/**
 * Who may check in at the door: the organiser makes a staff link for a gate, a staff phone opens it
 * and checks an attendee in by search (the organiser's attendees page follows live), a revoked link
 * stops the phone at once, and a signed-in stranger on a chip page only sees the attendee view.
 */

const baseUrl = inject('baseUrl');
const browser = browsers({ baseURL: baseUrl, width: PHONE_WIDTH, height: 780, reducedMotion: 'reduce' });
let organiser: Account;

beforeAll(async () => {
  organiser = await createOrganiser(baseUrl, 'Bisi Doorkeeper');
});

describe('staff links at the door', () => {
  it('checks an attendee in from a staff phone, live on the organiser\'s page, until the link is revoked', async () => {
    const event = await createEventViaApi(baseUrl, organiser.authorization);
    const chidi = await registerViaApi(baseUrl, event, 'Chidi Anagonye');
    await registerViaApi(baseUrl, event, 'Eleanor Shellstrop');
    const total = event.prices.reduce((sum, p) => sum + p.attendees, 0);

    // The organiser creates a staff link for the north gate on the event page.
    const host = (await browser({ width: 1280, height: 900 })).context;
    const eventPage = await host.newPage();
    await signIn(eventPage, organiser);
    await eventPage.goto(`/event/${event.id}`);
    await eventPage.getByRole('heading', { level: 1, name: event.title }).waitFor();
    await eventPage.getByText('No staff links yet.', { exact: true }).waitFor();
    await eventPage.getByRole('textbox', { name: 'Gate name' }).fill('North gate');
    await eventPage.getByRole('button', { name: 'Create staff link' }).click();
    const created = eventPage.getByRole('region', { name: 'Staff link for North gate' });
    await created.waitFor();
    const link = await created.getByRole('textbox', { name: 'Staff link' }).inputValue();
    expect(link).toMatch(new RegExp(`^${baseUrl}/door/[A-Za-z0-9_-]{20,}$`));
    expect(await readQrCode(created.getByRole('img', { name: 'QR code of the staff link for North gate' }))).toBe(link);
    await expectCount(eventPage.getByRole('list', { name: 'Staff links' }).getByText('Active', { exact: true })).toBe(1);
    await checkScreen(eventPage, 'staff links');

    // The organiser watches the attendees page.
    const attendees = await host.newPage();
    await attendees.goto(`/event/${event.id}/view-attendees`);
    await attendees.getByRole('heading', { level: 1, name: event.title }).waitFor();
    await waitUntilLive(attendees);
    await expect.poll(() => attendees.getByTestId('checked-in-count').textContent()).toBe(`0 / ${total} tickets`);
    await markDocument(attendees);

    // A staff phone (no account) opens the link: it says where it checks in, and finds Chidi.
    const phone = await (await browser()).context.newPage();
    await phone.goto(link);
    await phone.getByRole('heading', { level: 1, name: `You are checking in at North gate for ${event.title}` }).waitFor();
    expect(new URL(phone.url()).pathname).toBe('/door');
    await checkScreen(phone, 'door page');
    await phone.getByRole('searchbox', { name: 'Find an attendee' }).fill('chidi');
    await phone.getByRole('button', { name: 'Search' }).click();
    await phone.getByRole('button', { name: 'Check in Chidi Anagonye' }).click();
    await phone.getByText('Chidi Anagonye is checked in.', { exact: true }).waitFor();
    await expectCount(phone.getByText(/^Checked in at North gate/)).toBe(1);

    // The organiser's page follows without a reload: the count and Chidi's tick.
    await expect.poll(() => attendees.getByTestId('checked-in-count').textContent(), { timeout: 30_000 }).toBe(`1 / ${total} tickets`);
    await expectCount(attendees.getByRole('button', { name: /Chidi Anagonye/ }).getByText('Checked in', { exact: true })).toBe(1);
    expect(await sameDocument(attendees)).toBe(true);

    // The organiser revokes the link, after confirming.
    await eventPage.getByRole('button', { name: 'Revoke the staff link for North gate' }).click();
    const dialog = eventPage.getByRole('dialog', { name: 'Revoke the staff link for North gate?' });
    await dialog.getByRole('button', { name: 'Revoke', exact: true }).click();
    await expectCount(eventPage.getByRole('list', { name: 'Staff links' }).getByText('Revoked', { exact: true })).toBe(1);

    // The phone hears of it at once, without a reload or a tap, and says why; nobody more is checked in.
    await phone.getByRole('heading', { level: 1, name: 'This phone can no longer check in' }).waitFor({ timeout: 30_000 });
    await expectCount(phone.getByRole('searchbox', { name: 'Find an attendee' })).toBe(0);
    await expectCount(phone.getByRole('alert').getByText('This staff link has been revoked. Ask the organiser for a new one.', { exact: true })).toBe(1);
    const admin = await callApi(baseUrl, calls.adminEvent, { params: { id: event.id }, authorization: organiser.authorization });
    if (admin.answer.success !== 'true') throw new Error(admin.answer.message);
    expect(admin.answer.data.attendees.filter((a) => a.checked_in).map((a) => a.id)).toEqual([chidi.id]);

    // Opening the revoked link again says it cannot be used.
    await phone.goto(link);
    await phone.getByRole('alert').getByText('This staff link has been revoked. Ask the organiser for a new one.', { exact: true }).waitFor();
  });

  it('shows a signed-in stranger on a chip page the attendee view, and checks nobody in', async () => {
    const stranger = await createOrganiser(baseUrl, 'Stranger Danger');
    const page = await (await browser()).context.newPage();
    await signIn(page, stranger);
    await page.goto(`/events/d/chip/i/${DEMO.chips.bound}`);
    await page.getByRole('heading', { level: 1, name: DEMO.liveEventTitle }).waitFor();
    await expectCount(page.getByText('Ada Obi', { exact: true })).toBe(1);
    await expectCount(page.getByRole('link', { name: 'Chat', exact: true })).toBe(1);
    await expectCount(page.getByText('Checking in…', { exact: true })).toBe(0);
    await expectCount(page.getByText('Not checked in', { exact: true })).toBe(0);
    // The server refuses the stranger's check-in call too, whatever the page does.
    const chip = await callApi(baseUrl, calls.chip, { params: { id: DEMO.chips.bound }, authorization: stranger.authorization });
    if (chip.answer.success !== 'true') throw new Error(chip.answer.message);
    expect(chip.answer.data.is_organiser).toBe(false);
    const attendeeId = chip.answer.data.event_attendee_id ?? '';
    const tried = await callApi(baseUrl, calls.checkIn, { params: { id: attendeeId }, authorization: stranger.authorization, body: { event_id: chip.answer.data.event_id, checked_in: true } });
    expect(tried.status).toBe(404);
  });
});
