import { calls, type Event } from '@tapcard/shared/contract';
import { shareConsentText } from '@tapcard/shared/rules';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { callApi } from './support/api.js';
import { createNamedCardOwner, dayMonthYear, openPrivateChat } from './support/arena-safety.js';
import { appReady, browsers } from './support/browser.js';
import { expectCount } from './support/counts.js';
import { PHONE_WIDTH } from './support/layout.js';
import { createEventViaApi, registerAs, registerViaApi, type Registered } from './support/live-events.js';
import { createCardOwner, createOrganiser, signIn, unique, uniqueLetters, type Account, type CardOwner } from './support/people.js';
import { checkScreen } from './support/screens.js';
import { expectToast, recordToastTexts } from './support/toast-history.js';

/**
 * Networking in the arena: two card owners swap cards from their private chat and each lands in the
 * other's contacts, tagged with the event and the day (found by the event filter and by a search that
 * ignores accents); an attendee without a card shares their details with their consent, which the card
 * owner's contact keeps; and an attendee who hides from public lists leaves the public attendee pages
 * but stays on the organiser's, marked hidden. One event and its phones serve every step. Card owners
 * need minted cards, so the product on PostgreSQL (DATABASE_URL).
 */

const baseUrl = inject('baseUrl');
const productEnv = inject('productEnv');
const browser = browsers({ baseURL: baseUrl, width: PHONE_WIDTH, height: 780, reducedMotion: 'reduce' });

const ADEOLA = 'Adéọlá Bámidélé';
const CHIDI = 'Chidi Okeke';

let organiser: Account;
let event: Event;
/** Two card owners, each also an attendee of the event; and an attendee without a card. */
let adeola: CardOwner;
let zainab: CardOwner;
let adeolaIn: Registered;
let zainabIn: Registered;
let chidi: Registered;
let phones: { adeola: BrowserContext; zainab: BrowserContext; chidi: BrowserContext };
/** Each card owner's page, signed in. */
let adeolaPage: Page;
let zainabPage: Page;

/** Posts a hello in the group chat through the API, so the others' chats know the poster's name. */
async function hello(attendee: Registered): Promise<void> {
  const posted = await callApi(baseUrl, calls.chat, { params: { id: attendee.tid }, body: { event_id: event.id, attendee_id: attendee.id, message: `Hello, I am ${attendee.name}`, image: '' } });
  expect(posted.answer.success, `hello from ${attendee.name}: ${posted.answer.message}`).toBe('true');
}

/** The rows of the contacts list. */
const rows = (page: Page) => page.getByRole('list', { name: 'Contacts' }).getByRole('link');

/** Opens the contacts list and waits for its rows. */
async function openContacts(page: Page): Promise<void> {
  await page.goto('/contact');
  await page.getByRole('heading', { level: 1, name: 'Contacts' }).waitFor();
  await rows(page).first().waitFor();
}

beforeAll(async () => {
  organiser = await createOrganiser(baseUrl, 'Ngozi Host');
  event = await createEventViaApi(baseUrl, organiser.authorization, { title: `Founders Mixer ${unique()}` });
  [adeola, zainab] = await Promise.all([createNamedCardOwner(baseUrl, productEnv, ADEOLA), createCardOwner(baseUrl, productEnv)]);
  [adeolaIn, zainabIn, chidi] = await Promise.all([
    registerAs(baseUrl, event, adeola.title, adeola.email),
    registerAs(baseUrl, event, zainab.title, zainab.email),
    registerViaApi(baseUrl, event, CHIDI),
  ]);
  for (const attendee of [adeolaIn, zainabIn, chidi]) await hello(attendee);
  const [a, z, c] = await Promise.all([browser(), browser(), browser()]);
  phones = { adeola: a.context, zainab: z.context, chidi: c.context };
  [adeolaPage, zainabPage] = await Promise.all([phones.adeola.newPage(), phones.zainab.newPage()]);
  await Promise.all([recordToastTexts(adeolaPage), recordToastTexts(zainabPage)]);
  // Each card owner is signed in on their phone: Share my card then shares their card.
  await Promise.all([signIn(adeolaPage, adeola), signIn(zainabPage, zainab)]);
});

describe('swapping cards in the arena', () => {
  it(`puts each card owner in the other's contacts, tagged with the event and the day, found by the event filter and an accent-blind search`, async () => {
    // A contact made another way (a visitor's exchange on Zainab's card), for the event filter to leave out.
    const visitor = { full_name: `Tunde ${uniqueLetters()}`, title: 'Sales Manager', phone: '2348098765432', email: `tunde.${unique()}@example.com` };
    const exchanged = await callApi(baseUrl, calls.exchangeContact, { body: { card_id: zainab.cardId, device_type: zainab.cardType, ...visitor } });
    expect(exchanged.answer.success).toBe('true');

    // Each opens the private chat with the other.
    await adeolaPage.goto(`/event/u/arena/${adeolaIn.tid}/chat/${zainabIn.id}`);
    await zainabPage.goto(`/event/u/arena/${zainabIn.tid}/chat/${adeolaIn.id}`);
    await adeolaPage.getByRole('heading', { level: 2, name: zainab.title }).waitFor();
    await zainabPage.getByRole('heading', { level: 2, name: ADEOLA }).waitFor();
    // The server's page reads at once; a tap works once its scripts have hydrated it.
    await Promise.all([appReady(adeolaPage), appReady(zainabPage)]);

    // Adéọlá shares her card: it shows as a card in both chats.
    await adeolaPage.getByRole('button', { name: 'Share my card' }).click();
    await expectToast(adeolaPage, 'Your card was shared', 'success');
    const herCard = (page: Page) => page.getByRole('log').getByRole('figure', { name: 'Business card' }).filter({ hasText: ADEOLA });
    await herCard(zainabPage).waitFor();
    await expectCount(herCard(adeolaPage)).toBe(1);
    await expectCount(herCard(zainabPage).getByRole('link', { name: `View card (${ADEOLA})` })).toBe(1);

    // Zainab shares hers back: both chats say the cards were swapped and filed.
    await zainabPage.getByRole('button', { name: 'Share my card' }).click();
    const metOn = dayMonthYear(Date.now());
    await expectToast(zainabPage, `You and ${ADEOLA} swapped cards. ${ADEOLA} is now in your contacts.`, 'success');
    await zainabPage.getByRole('main').getByText(`You and ${ADEOLA} swapped cards. ${ADEOLA} is now in your contacts.`, { exact: true }).waitFor();
    await adeolaPage.getByRole('main').getByText(`You and ${zainab.title} swapped cards. ${zainab.title} is now in your contacts.`, { exact: true }).waitFor({ timeout: 30_000 });
    await checkScreen(adeolaPage, 'private chat after a card swap');

    // Adéọlá's contacts: Zainab, tagged with the event and the day.
    const tag = `${event.title} · ${metOn}`;
    await openContacts(adeolaPage);
    const zainabRow = rows(adeolaPage).filter({ hasText: zainab.title });
    await expectCount(zainabRow).toBe(1);
    expect(await zainabRow.getByTestId('met-tag').textContent()).toBe(tag);

    // Zainab's contacts: Adéọlá (tagged) and the visitor (untagged).
    await openContacts(zainabPage);
    const adeolaRow = rows(zainabPage).filter({ hasText: ADEOLA });
    const visitorRow = rows(zainabPage).filter({ hasText: visitor.full_name });
    await expectCount(rows(zainabPage)).toBe(2);
    expect(await adeolaRow.getByTestId('met-tag').textContent()).toBe(tag);
    await expectCount(visitorRow.getByTestId('met-tag')).toBe(0);
    await checkScreen(zainabPage, 'contacts with an event tag');

    // The event filter keeps only the contacts met there.
    const filter = zainabPage.getByLabel('Event', { exact: true });
    expect(await filter.locator('option').allTextContents()).toEqual(['All events', event.title]);
    await filter.selectOption({ label: event.title });
    await expect.poll(() => rows(zainabPage).allInnerTexts()).toEqual([expect.stringContaining(ADEOLA)]);
    await filter.selectOption({ label: 'All events' });
    await expectCount(rows(zainabPage)).toBe(2);

    // A search without accents or capitals finds her.
    await zainabPage.getByRole('searchbox', { name: 'Search contacts' }).fill('adeola');
    await expect.poll(() => rows(zainabPage).allInnerTexts()).toEqual([expect.stringContaining(ADEOLA)]);

    // Her contact says where and when they met, with her account's email.
    await adeolaRow.click();
    await zainabPage.getByRole('heading', { level: 1, name: ADEOLA }).waitFor();
    await expectCount(zainabPage.getByText(`Met at ${event.title} on ${metOn}`, { exact: true })).toBe(1);
    await expectCount(zainabPage.getByText(adeola.email, { exact: true })).toBe(1);
    await expectCount(zainabPage.getByRole('heading', { name: 'Consent given when sharing their details' })).toBe(0);
  });

  it(`keeps the details and the consent of an attendee without a card in the card owner's contact`, async () => {
    const details = { title: 'Data Analyst', phone: '08035550123', email: `chidi.${unique()}@example.com` };
    const consent = shareConsentText(zainab.title, event.title);

    // Chidi, not signed in, opens his private chat with Zainab and shares his details, consent ticked.
    const chidiPage = await openPrivateChat(phones.chidi, chidi, zainabIn);
    await recordToastTexts(chidiPage);
    await chidiPage.getByRole('heading', { level: 2, name: zainab.title }).waitFor();
    await chidiPage.getByRole('button', { name: 'Share my card' }).click();
    const dialog = chidiPage.getByRole('dialog', { name: 'Share your details' });
    await dialog.waitFor();
    expect(await dialog.getByRole('textbox', { name: 'Full Name' }).inputValue()).toBe(CHIDI);
    await dialog.getByRole('textbox', { name: 'Job Title' }).fill(details.title);
    await dialog.getByRole('textbox', { name: 'Phone Number' }).fill(details.phone);
    await dialog.getByRole('textbox', { name: 'Email' }).fill(details.email);
    await dialog.getByRole('checkbox', { name: consent }).check();
    await checkScreen(chidiPage, 'share details dialog');
    await dialog.getByRole('button', { name: 'Share my details' }).click();
    await expectCount(dialog).toBe(0);
    const shared = (page: Page) => page.getByRole('log').getByRole('figure', { name: 'Contact details' }).filter({ hasText: CHIDI });
    await shared(chidiPage).waitFor();

    // Zainab sees his details in her chat with him, and shares her card back.
    await zainabPage.goto(`/event/u/arena/${zainabIn.tid}/chat/${chidi.id}`);
    await zainabPage.getByRole('heading', { level: 2, name: CHIDI }).waitFor();
    await appReady(zainabPage);
    await expectCount(shared(zainabPage).getByRole('link', { name: details.email })).toBe(1);
    await zainabPage.getByRole('button', { name: 'Share my card' }).click();
    await zainabPage.getByRole('main').getByText(`You and ${CHIDI} swapped cards. ${CHIDI} is now in your contacts.`, { exact: true }).waitFor();
    await chidiPage.getByRole('main').getByText(`You and ${zainab.title} swapped cards.`, { exact: true }).waitFor({ timeout: 30_000 });

    // Her contact of him: his details, where they met, and the consent he gave.
    await openContacts(zainabPage);
    await rows(zainabPage).filter({ hasText: CHIDI }).click();
    await zainabPage.getByRole('heading', { level: 1, name: CHIDI }).waitFor();
    for (const text of [details.title, details.phone, details.email]) await expectCount(zainabPage.getByText(text, { exact: true })).toBe(1);
    await expectCount(zainabPage.getByText(`Met at ${event.title} on ${dayMonthYear(Date.now())}`, { exact: true })).toBe(1);
    const kept = zainabPage.getByRole('region', { name: 'Consent given when sharing their details' });
    await expectCount(kept.getByText(consent, { exact: true })).toBe(1);
    await checkScreen(zainabPage, 'contact with consent');
    await chidiPage.close();
  });

  it(`leaves an attendee who hides out of the public attendee lists, and on the organiser's list marked hidden`, async () => {
    const capacity = event.prices.reduce((sum, p) => sum + p.attendees, 0);
    const visitor = await (await browser()).context.newPage();
    const publicList = () => visitor.getByRole('main').getByRole('listitem');
    await visitor.goto(`/card/event/${event.id}/attendees`);
    await visitor.getByRole('heading', { level: 1, name: event.title }).waitFor();
    await expectCount(publicList().filter({ hasText: CHIDI })).toBe(1);

    // Chidi hides himself from his arena's Privacy section.
    const arena = await phones.chidi.newPage();
    await arena.goto(`/event/u/arena/${chidi.tid}`);
    const hide = arena.getByRole('switch', { name: 'Hide me from public attendee lists' });
    await hide.click();
    await arena.getByText('Saved', { exact: true }).waitFor();
    expect(await hide.getAttribute('aria-checked')).toBe('true');
    await checkScreen(arena, 'arena privacy, hidden');

    // The public list no longer names him; it still counts him, and names the others.
    await visitor.reload();
    await visitor.getByRole('heading', { level: 1, name: event.title }).waitFor();
    await expectCount(publicList().filter({ hasText: ADEOLA })).toBe(1);
    await expectCount(publicList().filter({ hasText: CHIDI })).toBe(0);
    await expectCount(visitor.getByText(`3/${capacity}`, { exact: true })).toBe(1);
    // Nor does the event's page, among its avatars.
    await visitor.goto(`/events/l/${event.clean_name}`);
    await visitor.getByRole('heading', { level: 1, name: event.title }).waitFor();
    const avatars = visitor.getByRole('list', { name: 'Attendees' }).getByRole('listitem');
    await expectCount(avatars).toBe(2);
    await expectCount(avatars.and(visitor.locator(`[title="${CHIDI}"]`))).toBe(0);
    const listed = await callApi(baseUrl, calls.eventAttendees, { params: { id: event.id } });
    if (listed.answer.success !== 'true') throw new Error(listed.answer.message);
    expect(listed.answer.data.attendees.map((a) => a.id).sort()).toEqual([adeolaIn.id, zainabIn.id].sort());
    expect(listed.answer.data.registered).toBe(3);

    // The organiser still sees him, marked hidden (and only him).
    const desk = await (await browser({ width: 1280, height: 900 })).context.newPage();
    await signIn(desk, organiser);
    await desk.goto(`/event/${event.id}/view-attendees`);
    await desk.getByRole('heading', { level: 1, name: event.title }).waitFor();
    const him = desk.getByRole('button', { name: new RegExp(CHIDI) });
    await expectCount(him.getByTestId('hidden-mark')).toBe(1);
    expect(await him.getByTestId('hidden-mark').textContent()).toBe('Hidden from public lists');
    await expectCount(desk.getByTestId('hidden-mark')).toBe(1);
    await checkScreen(desk, 'organiser attendees with a hidden attendee');
  });
});
