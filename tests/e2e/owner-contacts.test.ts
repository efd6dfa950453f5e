import { readFile } from 'node:fs/promises';
import type { Download } from 'playwright-core';
import { calls } from '@tapcard/shared/contract';
import { phoneE164 } from '@tapcard/shared/domain';
import { describe, expect, inject, it } from 'vitest';
import { callApi } from './support/api.js';
import { expectCount } from './support/counts.js';
import { PHONE_WIDTH } from './support/layout.js';
import { createCardOwner, signIn, uniqueLetters } from './support/people.js';
import { checkScreen } from './support/screens.js';
import { expectToast, pagesRecordingToasts } from './support/toast-history.js';
import { waitForToastsToGo } from './support/toasts.js';

/**
 * The owner's contacts: contacts left by visitors through the API
 * (exchange-contact, as the public card's form sends it) appear in Contacts, are found by search by
 * full name, download as .vcf files (checked byte for byte), export all at once, and are deleted. The
 * owner is a fresh card owner (a minted card), so the lists hold only this run's contacts.
 */

const baseUrl = inject('baseUrl');
const productEnv = inject('productEnv');
const phone = pagesRecordingToasts({ baseURL: baseUrl, width: PHONE_WIDTH, height: 780 });

interface Visitor {
  full_name: string;
  title: string;
  phone: string;
  email: string;
}

const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** A visitor with a unique two-word name (letters only, as the exchange form requires). */
function visitor(first: string, title: string, phone: string): Visitor {
  const last = capitalised(uniqueLetters());
  return { full_name: `${first} ${last}`, title, phone, email: `${first.toLowerCase()}.${last.toLowerCase()}@example.com` };
}

/** Leaves a contact on a card as the public card's exchange form does. */
async function exchange(card: { id: string; type: string }, person: Visitor): Promise<void> {
  const { status, answer } = await callApi(baseUrl, calls.exchangeContact, { body: { card_id: card.id, device_type: card.type, ...person } });
  expect([status, answer.success], `exchange-contact for ${person.full_name}: ${answer.message}`).toEqual([200, 'true']);
}

async function downloadedText(download: Download): Promise<string> {
  const path = await download.path();
  return readFile(path, 'utf8');
}

/** The vCard 3.0 the product writes for a contact (CRLF line ends, the phone in E.164). */
function expectedVCard(person: Visitor): string {
  const [given, family] = person.full_name.split(' ');
  return ['BEGIN:VCARD', 'VERSION:3.0', `N:${family};${given};;;`, `FN:${person.full_name}`, `TITLE:${person.title}`, `TEL;TYPE=CELL:${phoneE164(person.phone)}`, `EMAIL;TYPE=INTERNET:${person.email}`, 'END:VCARD', ''].join('\r\n');
}

describe('contacts', () => {
  it("shows a visitor's contact, finds it by name, downloads it as a .vcf and deletes it", async () => {
    const page = await phone();
    const owner = await createCardOwner(baseUrl, productEnv);
    const card = { id: owner.cardId, type: owner.cardType };
    await signIn(page, owner);
    // A new owner has none yet.
    await page.goto('/contact');
    await page.getByRole('heading', { name: 'Contacts', level: 1 }).waitFor();
    await page.getByText('No contacts yet', { exact: true }).waitFor();
    await checkScreen(page, 'contacts, empty');

    const ada = visitor('Adaeze', 'Product Lead', '+2348012345678');
    const tunde = visitor('Tunde', 'Sales Manager', '2348098765432');
    await exchange(card, ada);
    await exchange(card, tunde);

    // The list: back link to connect, the export control, the heading, the search box and both rows.
    await page.goto('/contact');
    await page.getByRole('heading', { name: 'Contacts', level: 1 }).waitFor();
    expect(await page.getByRole('link', { name: 'Connect' }).getAttribute('href')).toBe('/connect');
    const rows = page.getByRole('list', { name: 'Contacts' }).getByRole('link');
    await rows.filter({ hasText: ada.full_name }).waitFor();
    await rows.filter({ hasText: tunde.full_name }).waitFor();
    await expectCount(rows).toBe(2);
    await checkScreen(page, 'contacts list');

    // Search by full name (any case, part of it): only Adaeze stays.
    const search = page.getByPlaceholder('Search contacts');
    await search.fill(ada.full_name.split(' ')[1]?.toUpperCase() ?? '');
    await expect.poll(() => rows.allInnerTexts()).toEqual([`${ada.full_name}\n${ada.title}`]);
    await checkScreen(page, 'contacts list, searched');

    // The contact view: name, title, phone, email; call, SMS, mail and the invite.
    await rows.filter({ hasText: ada.full_name }).click();
    await page.waitForURL((url) => /^\/contact\/[^/]+$/.test(url.pathname));
    await page.getByRole('heading', { name: ada.full_name, level: 1 }).waitFor();
    for (const text of [ada.title, ada.phone, ada.email]) await page.getByText(text, { exact: true }).waitFor();
    expect(await page.getByRole('link', { name: 'Call' }).getAttribute('href')).toBe(`tel:${ada.phone}`);
    expect(await page.getByRole('link', { name: 'SMS' }).getAttribute('href')).toBe(`sms:${ada.phone}`);
    expect(await page.getByRole('link', { name: 'Mail', exact: true }).getAttribute('href')).toBe(`mailto:${ada.email}`);
    expect(await page.getByRole('link', { name: 'Invite to TapCard' }).getAttribute('href')).toMatch(new RegExp(`^mailto:${encodeURIComponent(ada.email)}\\?subject=`));
    await checkScreen(page, 'contact view');

    // 'Download Contact File' saves the contact's vCard as a .vcf file.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download Contact File' }).click()]);
    expect(download.suggestedFilename()).toBe(`${ada.full_name.replace(' ', '_')}.vcf`);
    expect(await downloadedText(download)).toBe(expectedVCard(ada));
    await expectToast(page, 'Contact downloaded successfully!', 'success');

    // Delete, confirmed: 'Item deleted successfully!', back to the list without it, also after a reload.
    await page.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this contact?' });
    await confirm.getByText(`${ada.full_name} will be removed from your contacts.`, { exact: true }).waitFor();
    // Axe measures what is painted: the download's toast, fading out, would read as low contrast.
    await waitForToastsToGo(page);
    await checkScreen(page, 'delete contact confirmation');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Item deleted successfully!', 'success');
    await page.waitForURL((url) => url.pathname === '/contact');
    await rows.filter({ hasText: tunde.full_name }).waitFor();
    await expectCount(rows.filter({ hasText: ada.full_name })).toBe(0);
    await page.reload();
    await rows.filter({ hasText: tunde.full_name }).waitFor();
    await expectCount(rows.filter({ hasText: ada.full_name })).toBe(0);

    // 'Export All' saves every contact as one vCard file; the CSV export holds the same rows.
    await page.getByRole('button', { name: 'Export' }).click();
    const [all] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export All', exact: true }).click()]);
    expect(all.suggestedFilename()).toBe('contacts.vcf');
    const vcards = await downloadedText(all);
    expect(vcards).toContain(expectedVCard(tunde));
    expect(vcards).not.toContain(ada.full_name);
    expect(vcards).toBe(expectedVCard(tunde));

    // The CSV writes the phone in E.164 as the vCard does (typed '234…', written '+234…': a
    // spreadsheet keeps it as text), and the owner's note.
    const note = 'Met at the fair, call on Monday';
    // A common phone's width (the narrowest, PHONE_WIDTH, ran above).
    await page.setViewportSize({ width: 390, height: 844 });
    await rows.filter({ hasText: tunde.full_name }).click();
    await page.getByRole('heading', { name: tunde.full_name, level: 1 }).waitFor();
    await page.getByLabel('Note', { exact: true }).fill(note);
    await page.getByRole('button', { name: 'Save note' }).click();
    await page.getByText('Note saved', { exact: true }).waitFor();
    await page.goto('/contact');
    await rows.filter({ hasText: tunde.full_name }).waitFor();
    await page.getByRole('button', { name: 'Export' }).click();
    const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export All as CSV' }).click()]);
    expect(csv.suggestedFilename()).toBe('contacts.csv');
    const csvText = await downloadedText(csv);
    expect(phoneE164(tunde.phone)).toBe(`+${tunde.phone}`);
    expect(csvText).toContain(`\r\n${tunde.full_name},${tunde.title},${phoneE164(tunde.phone)},${tunde.email},"${note}"\r\n`);
    expect(csvText).not.toContain(`,${tunde.phone},`);
    expect(csvText).not.toContain(ada.full_name);
    expect(csvText).toBe(`\uFEFFfull_name,title,phone,email,note\r\n${tunde.full_name},${tunde.title},${phoneE164(tunde.phone)},${tunde.email},"${note}"\r\n`);

    // On a wide screen the page stays at most 1080 px wide.
    await page.setViewportSize({ width: 1440, height: 900 });
    await expect.poll(() => page.getByRole('main').evaluate((el) => el.getBoundingClientRect().width)).toBeLessThanOrEqual(1080);
    await checkScreen(page, 'contacts list, desktop');
  });
});
