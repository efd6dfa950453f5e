import { calls } from '@tapcard/shared/contract';
import { describe, expect, inject, it } from 'vitest';
import { callApi } from './support/api.js';
import { browsers } from './support/browser.js';
import { createStaffLink, ticketOf, wedgeScan } from './support/door.js';
import { PHONE_WIDTH } from './support/layout.js';
import { createEventViaApi, markDocument, registerViaApi, sameDocument } from './support/live-events.js';
import { createOrganiser } from './support/people.js';
import { holdTakeOver, pageErrors } from './support/takeover.js';

/**
 * The door on a slow phone: the gateway renders the door's frame, the light entry opens the staff link
 * and makes the search box ready for a ticket before the app (the live desk, the camera) has arrived,
 * and the app then takes the page over. A ticket entered before then is admitted once it has.
 */

const baseUrl = inject('baseUrl');
const browser = browsers({ baseURL: baseUrl, width: PHONE_WIDTH, height: 780, reducedMotion: 'reduce' });
const searchBox = 'form[role="search"] input[type="search"]';

describe('the door on a slow phone', () => {
  it('paints the door’s frame with no script run, and no staff link secret or session in it', async () => {
    const organiser = await createOrganiser(baseUrl, 'Funmi Framepainter');
    const event = await createEventViaApi(baseUrl, organiser.authorization);
    const { path } = await createStaffLink(baseUrl, organiser, event, 'East gate');
    const { context } = await browser({ javaScriptEnabled: false });
    const page = await context.newPage();
    const door = await page.goto('/door');
    await expect(page.getByRole('heading', { level: 1, name: 'Door check-in' }).isVisible()).resolves.toBe(true);
    await expect(page.getByRole('searchbox', { name: 'Find an attendee' }).isDisabled()).resolves.toBe(true);
    await expect(page.getByText('Starting the camera', { exact: false }).isVisible()).resolves.toBe(true);
    expect(door?.headers()['cache-control']).toBe('no-cache');
    // A staff link's page is the same frame, never kept by a cache: its address is the secret.
    const link = await page.goto(path);
    expect(link?.headers()['cache-control']).toBe('no-store');
    const html = (await link?.text()) ?? '';
    expect(html).toContain('Opening the staff link');
    expect(html).not.toContain(path.split('/').pop() ?? path);
  });

  it('admits the tickets entered or scanned before the app has arrived, once it has taken the page over, in the same document', async () => {
    const organiser = await createOrganiser(baseUrl, 'Funmi Slowdoor');
    const event = await createEventViaApi(baseUrl, organiser.authorization);
    const ada = await registerViaApi(baseUrl, event, 'Ada Earlyscan');
    const bola = await registerViaApi(baseUrl, event, 'Bola Wedgescan');
    const [ticket, bolaTicket] = await Promise.all([ticketOf(baseUrl, ada), ticketOf(baseUrl, bola)]);
    const { path } = await createStaffLink(baseUrl, organiser, event, 'East gate');

    const { context } = await browser();
    const page = await context.newPage();
    const errors = pageErrors(page);
    // The app's code is held back, as on a slow network, until a ticket has been entered.
    const release = await holdTakeOver(page);

    const stylesheets: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'stylesheet') stylesheets.push(request.url());
    });
    await page.goto(path);
    // The light page opened the link: the gate, the box ready, and the secret gone from the address.
    await page.getByRole('heading', { level: 1, name: `You are checking in at East gate for ${event.title}` }).waitFor();
    await page.locator(`${searchBox}:not([disabled])`).waitFor();
    // Its styles came inlined in the page: its scripts neither fetched them again nor waited for them.
    expect(stylesheets).toEqual([]);
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(`/door?event=${event.id}`);
    await markDocument(page);
    await page.locator(searchBox).fill(ticket);
    await page.locator(searchBox).press('Enter');
    await expect(page.getByTestId('door-waiting').textContent()).resolves.toBe('Ticket received: the door checks it in a moment.');
    // A barcode scanner in keyboard mode, with no field focused, is kept likewise.
    await wedgeScan(page, bolaTicket);
    await expect(page.getByTestId('door-waiting').textContent()).resolves.toBe('2 tickets received: the door checks them in a moment.');
    await expect(page.getByTestId('door-result').getAttribute('data-outcome')).resolves.toBe('none');
    release();

    // Admitted in the order entered: Ada, then Bola, whose card stays.
    await page.locator('[data-testid="door-result"][data-outcome="admitted"]').filter({ hasText: 'Bola Wedgescan' }).waitFor();
    // The live desk: its counts follow the server.
    await page.locator('[data-testid="door-network"][data-state="online"]').waitFor();
    await expect(page.getByTestId('door-waiting').count()).resolves.toBe(0);
    await expect(sameDocument(page)).resolves.toBe(true);
    // Counted once, at this gate, on the server.
    const admin = await callApi(baseUrl, calls.adminEvent, { params: { id: event.id }, authorization: organiser.authorization });
    const attendees = admin.answer.success === 'true' ? admin.answer.data.attendees : [];
    expect(attendees.filter((a) => a.checked_in).map((a) => a.name).sort()).toEqual(['Ada Earlyscan', 'Bola Wedgescan']);
    expect(errors).toEqual([]);
  });
});
