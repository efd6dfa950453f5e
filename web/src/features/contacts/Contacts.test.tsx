import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { calls, type Contact } from '@tapcard/shared/contract';
import { captureDownloads } from '../../test/browser.js';
import { fail, mockNetwork, ok, type MockNetwork } from '../../test/network.js';
import { renderRoutes, signIn, TEST_TOKEN } from '../../test/render.js';
import { ContactsPage } from './routes.js';

const pages = [
  { path: '/contact', Component: ContactsPage },
  { path: '/contact/:id', Component: ContactsPage },
];

const CONTACTS: Contact[] = [
  { contact_id: 'c-ada', full_name: 'Ada Lovelace', title: 'Engineer', phone: '+2348031234567', email: 'ada@example.com', created_at: '2025-01-02T10:00:00.000Z' },
  { contact_id: 'c-alan', full_name: 'Alan Turing', title: 'Mathematician', phone: '+2348030000000', email: 'alan@example.com', created_at: '2025-01-01T10:00:00.000Z' },
];

let net: MockNetwork;
beforeEach(() => {
  signIn();
  net = mockNetwork();
  net.on(calls.getContacts, ok({ contacts: CONTACTS, user: { name: 'Owner', image: null } }));
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('contacts list', () => {
  it('lists the contacts with the session, links each to its view and filters by full name', async () => {
    const { user, router } = renderRoutes(pages, '/contact');
    expect(screen.getByRole('heading', { name: 'Contacts' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Connect/ })).toHaveAttribute('href', '/connect');
    expect(screen.getByRole('main')).toHaveStyle({ maxWidth: '1080px' });
    const list = await screen.findByRole('list', { name: 'Contacts' });
    expect(within(list).getByRole('link', { name: /Ada Lovelace/ })).toHaveAttribute('href', '/contact/c-ada');
    expect(net.sent(calls.getContacts)[0]?.headers.get('Authorization')).toBe(TEST_TOKEN);

    const search = screen.getByPlaceholderText('Search contacts');
    await user.type(search, 'TUR');
    expect(within(list).queryByText('Ada Lovelace')).not.toBeInTheDocument();
    expect(within(list).getByText('Alan Turing')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?q=TUR');
    await user.type(search, 'x');
    expect(screen.getByText('No contacts match "TURx"')).toBeInTheDocument();
  });

  it('search ignores case and accents and also finds a contact by email or by the digits of the phone', async () => {
    const ola: Contact = { contact_id: 'c-ola', full_name: 'Ọlá Adébáyọ̀', title: 'Chef', phone: '+234 803 555 0101', email: 'Chef.Ola@Example.com', created_at: '2025-01-03T10:00:00.000Z' };
    net.on(calls.getContacts, ok({ contacts: [...CONTACTS, ola], user: { name: 'Owner', image: null } }));
    const { user } = renderRoutes(pages, '/contact');
    await screen.findByRole('list', { name: 'Contacts' });
    const search = screen.getByPlaceholderText('Search contacts');
    const names = () => {
      const list = screen.queryByRole('list', { name: 'Contacts' });
      return list === null ? [] : within(list).getAllByRole('link').map((link) => link.textContent);
    };
    const searchFor = async (text: string) => {
      await user.clear(search);
      await user.type(search, text);
    };

    const OLA = `${ola.full_name}Chef`;
    const expectShown = (query: string, shown: string[]) =>
      waitFor(() => {
        expect(search).toHaveValue(query);
        expect(names()).toEqual(shown);
      });
    await searchFor('ola');
    await expectShown('ola', [OLA]);
    await searchFor('ADEBAYO');
    await expectShown('ADEBAYO', [OLA]);
    await searchFor('chef.ola@example');
    await expectShown('chef.ola@example', [OLA]);
    await searchFor('alan@');
    await expectShown('alan@', ['Alan TuringMathematician']);
    await searchFor('0803');
    await expectShown('0803', ['Ada LovelaceEngineer', 'Alan TuringMathematician', OLA]);
    await searchFor('0803 555');
    await expectShown('0803 555', [OLA]);
    await searchFor('+2348031234');
    await expectShown('+2348031234', ['Ada LovelaceEngineer']);
    await searchFor('(0803) 000-0000');
    await expectShown('(0803) 000-0000', ['Alan TuringMathematician']);
    await searchFor('9999');
    expect(await screen.findByText('No contacts match "9999"')).toBeInTheDocument();
  });

  it("says 'No contacts yet' for an empty list", async () => {
    net.on(calls.getContacts, ok({ contacts: [], user: { name: 'Owner', image: null } }));
    renderRoutes(pages, '/contact');
    expect(await screen.findByText('No contacts yet')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export' })).toBeDisabled();
  });

  it("exports every contact as one .vcf file ('Export All') and as CSV", async () => {
    const files = captureDownloads();
    const { user } = renderRoutes(pages, '/contact');
    await screen.findByText('Ada Lovelace');
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await user.click(screen.getByRole('button', { name: 'Export All' }));
    expect(screen.queryByRole('button', { name: 'Export All' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await user.click(screen.getByRole('button', { name: 'Export All as CSV' }));

    expect(files.map((f) => f.name)).toEqual(['contacts.vcf', 'contacts.csv']);
    const vcf = await files[0]!.text();
    expect(vcf.match(/BEGIN:VCARD/g)).toHaveLength(2);
    expect(vcf).toContain('FN:Ada Lovelace\r\n');
    expect(vcf).toContain('EMAIL;TYPE=INTERNET:alan@example.com\r\n');
    const csv = await files[1]!.bytes();
    expect([...csv.slice(0, 3)], 'UTF-8 byte order mark').toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(csv)).toBe(
      '\uFEFFfull_name,title,phone,email\r\nAda Lovelace,Engineer,+2348031234567,ada@example.com\r\nAlan Turing,Mathematician,+2348030000000,alan@example.com\r\n',
    );
  });
});

describe('contact view', () => {
  it('shows the contact with call, SMS, mail and invite actions', async () => {
    renderRoutes(pages, '/contact/c-ada');
    expect(await screen.findByRole('heading', { name: 'Ada Lovelace' })).toBeInTheDocument();
    expect(screen.getByText('+2348031234567')).toBeInTheDocument();
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Call' })).toHaveAttribute('href', 'tel:+2348031234567');
    expect(screen.getByRole('link', { name: 'SMS' })).toHaveAttribute('href', 'sms:+2348031234567');
    expect(screen.getByRole('link', { name: 'Mail' })).toHaveAttribute('href', 'mailto:ada@example.com');
    const invite = screen.getByRole('link', { name: 'Invite to TapCard' });
    expect(invite.getAttribute('href')).toMatch(/^mailto:ada%40example\.com\?subject=Join%20me%20on%20TapCard&body=Hi%20Ada/);
    expect(screen.getByRole('link', { name: /Contacts/ })).toHaveAttribute('href', '/contact');
  });

  it('downloads the contact file with the session and saves it as a .vcf file', async () => {
    const files = captureDownloads();
    net.on(calls.downloadContact, { status: 200, text: 'BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ada Lovelace\r\nEND:VCARD\r\n' });
    const { user } = renderRoutes(pages, '/contact/c-ada');
    await user.click(await screen.findByRole('button', { name: 'Download Contact File' }));
    expect(await screen.findByText('Contact downloaded successfully!')).toBeInTheDocument();
    const sent = net.sent(calls.downloadContact)[0];
    expect(sent?.path).toBe('/v1/connect/api/contacts/c-ada/download');
    expect(sent?.headers.get('Authorization')).toBe(TEST_TOKEN);
    expect(files[0]?.name).toBe('Ada_Lovelace.vcf');
    expect(await files[0]?.text()).toContain('FN:Ada Lovelace');
  });

  it("toasts 'Error downloading contact. Please try again.' when the download fails", async () => {
    net.on(calls.downloadContact, fail('Contact not found', 404));
    const { user } = renderRoutes(pages, '/contact/c-ada');
    await user.click(await screen.findByRole('button', { name: 'Download Contact File' }));
    expect(await screen.findByText('Error downloading contact. Please try again.')).toBeInTheDocument();
  });

  it('deletes after confirmation and returns to the list without the contact', async () => {
    net.on(calls.deleteContact, () => {
      net.on(calls.getContacts, ok({ contacts: [CONTACTS[1]], user: { name: 'Owner', image: null } }));
      return ok();
    });
    const { user, router } = renderRoutes(pages, '/contact/c-ada');
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this contact?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Item deleted successfully!')).toBeInTheDocument();
    expect(net.sent(calls.deleteContact)[0]?.path).toBe('/v1/connect/api/contacts/c-ada');
    await waitFor(() => expect(router.state.location.pathname).toBe('/contact'));
    expect(await screen.findByText('Alan Turing')).toBeInTheDocument();
    expect(screen.queryByText('Ada Lovelace')).not.toBeInTheDocument();
  });

  it("toasts 'Error deleting item. Please try again.' when deleting fails", async () => {
    net.on(calls.deleteContact, fail('Contact not found', 404));
    const { user } = renderRoutes(pages, '/contact/c-ada');
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Error deleting item. Please try again.')).toBeInTheDocument();
  });

  it('says when the contact does not exist', async () => {
    renderRoutes(pages, '/contact/nope');
    expect(await screen.findByText('Contact not found')).toBeInTheDocument();
  });
});
