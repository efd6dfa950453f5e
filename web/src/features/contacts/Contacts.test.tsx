import { cleanup, screen, waitFor, within } from '@testing-library/react';
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
      '\uFEFFfull_name,title,phone,email,note\r\nAda Lovelace,Engineer,+2348031234567,ada@example.com,\r\nAlan Turing,Mathematician,+2348030000000,alan@example.com,\r\n',
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
      net.on(calls.getContacts, ok({ contacts: [CONTACTS[1]!], user: { name: 'Owner', image: null } }));
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

describe('contacts search over name, title, phone and email', () => {
  const PEOPLE: Contact[] = [
    { contact_id: 'c-jose', full_name: 'José Martínez', title: 'Product Manager', phone: '+34 612-345-678', email: 'jose@example.es', created_at: '2025-01-05T10:00:00.000Z' },
    { contact_id: 'c-emilie', full_name: 'emilie dupont', title: 'Directrice Générale', phone: '+33 7 98 76 54 32', email: 'E.Dupont@Example.fr', created_at: '2025-01-04T10:00:00.000Z' },
    { contact_id: 'c-oconnor', full_name: "Siobhán O'Connor", title: 'Engineer', phone: '0803 999 1111', email: 'siobhan@example.ie', created_at: '2025-01-03T10:00:00.000Z' },
  ];

  async function openList() {
    net.on(calls.getContacts, ok({ contacts: PEOPLE, user: { name: 'Owner', image: null } }));
    const { user } = renderRoutes(pages, '/contact');
    await screen.findByRole('list', { name: 'Contacts' });
    const search = screen.getByRole('searchbox', { name: 'Search contacts' });
    return async (text: string) => {
      await user.clear(search);
      if (text !== '') await user.type(search, text);
      await waitFor(() => expect(search).toHaveValue(text));
      const list = screen.queryByRole('list', { name: 'Contacts' });
      const links = list === null ? [] : within(list).getAllByRole('link');
      return links.map((link) => PEOPLE.find((person) => link.textContent?.startsWith(person.full_name))?.full_name);
    };
  }

  it('finds names whatever their case and accents, both ways', async () => {
    const searchFor = await openList();
    expect(await searchFor('Jose')).toEqual(['José Martínez']);
    expect(await searchFor('martinez')).toEqual(['José Martínez']);
    expect(await searchFor('ÉMILIE')).toEqual(['emilie dupont']);
    expect(await searchFor('siobhan')).toEqual(["Siobhán O'Connor"]);
    expect(await searchFor("o'connor")).toEqual(["Siobhán O'Connor"]);
    expect(screen.getByRole('status')).toHaveTextContent('1 contact found');
  });

  it('finds titles and emails ignoring case and accents', async () => {
    const searchFor = await openList();
    expect(await searchFor('generale')).toEqual(['emilie dupont']);
    expect(await searchFor('ENGINEER')).toEqual(["Siobhán O'Connor"]);
    expect(await searchFor('manager')).toEqual(['José Martínez']);
    expect(await searchFor('e.dupont@example')).toEqual(['emilie dupont']);
    expect(await searchFor('@example')).toEqual(['José Martínez', 'emilie dupont', "Siobhán O'Connor"]);
    expect(screen.getByRole('status')).toHaveTextContent('3 contacts found');
  });

  it('finds phones by their digits, ignoring spaces, dashes and a leading +', async () => {
    const searchFor = await openList();
    expect(await searchFor('612345678')).toEqual(['José Martínez']);
    expect(await searchFor('+34 612 345')).toEqual(['José Martínez']);
    expect(await searchFor('7-98-76-54')).toEqual(['emilie dupont']);
    expect(await searchFor('+33798765432')).toEqual(['emilie dupont']);
    expect(await searchFor('803-999-1111')).toEqual(["Siobhán O'Connor"]);
    expect(await searchFor('76 54')).toEqual(['emilie dupont']);
    expect(await searchFor('+34 6')).toEqual(['José Martínez']);
    expect(await searchFor('777')).toEqual([]);
    expect(screen.getByText('No contacts match "777"')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('0 contacts found');
  });
});

describe("the owner's note on a contact", () => {
  /** The server's side: get-contacts answers the notes set-note stored. */
  function serverWithNotes(first?: (request: { body: unknown }) => Promise<void> | void) {
    const notes = new Map<string, string | null>();
    let saves = 0;
    net.on(calls.getContacts, () => ok({ contacts: CONTACTS.map((c) => ({ ...c, note: notes.get(c.contact_id) ?? null })), user: { name: 'Owner', image: null } }));
    net.on(calls.setContactNote, async (request) => {
      saves += 1;
      if (saves === 1 && first) await first(request);
      const id = request.path.split('/')[5] ?? '';
      const text = (request.body as { note: string | null }).note;
      const note = text === null || text.trim() === '' ? null : text;
      notes.set(id, note);
      const contact = CONTACTS.find((c) => c.contact_id === id);
      return contact ? ok({ ...contact, note }) : fail('Contact not found', 404);
    });
    return notes;
  }

  it('saves the note with a saving state, confirms it, and shows it again after a reload', async () => {
    let release = () => {};
    const notes = serverWithNotes(() => new Promise<void>((resolve) => (release = resolve)));
    const { user, unmount } = renderRoutes(pages, '/contact/c-ada');
    const box = await screen.findByRole('textbox', { name: 'Note' });
    expect(box).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Save note' })).toBeDisabled();

    await user.type(box, 'Met at Lagos Tech Summit');
    await user.click(screen.getByRole('button', { name: 'Save note' }));
    const saving = await screen.findByRole('button', { name: 'Saving...' });
    expect(saving).toBeDisabled();
    release();
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Note saved'));
    expect(net.sent(calls.setContactNote)[0]).toMatchObject({ path: '/v1/connect/api/contacts/c-ada/note', body: { note: 'Met at Lagos Tech Summit' } });
    expect(net.sent(calls.setContactNote)[0]?.headers.get('Authorization')).toBe(TEST_TOKEN);
    expect(notes.get('c-ada')).toBe('Met at Lagos Tech Summit');

    unmount();
    cleanup();
    const before = net.sent(calls.getContacts).length;
    renderRoutes(pages, '/contact/c-ada');
    expect(await screen.findByRole('textbox', { name: 'Note' })).toHaveValue('Met at Lagos Tech Summit');
    expect(net.sent(calls.getContacts).length).toBeGreaterThan(before);
  });

  it('shows the limit under the field when the note is too long and does not send it', async () => {
    serverWithNotes();
    const { user } = renderRoutes(pages, '/contact/c-ada');
    const box = await screen.findByRole('textbox', { name: 'Note' });
    await user.click(box);
    await user.paste('a'.repeat(1001));
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(box).toHaveAccessibleDescription('Note must be at most 1000 characters');
    expect(screen.getByRole('button', { name: 'Save note' })).toBeDisabled();
    await user.type(box, '{Backspace}');
    expect(box).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText('Note must be at most 1000 characters')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save note' }));
    expect(await screen.findByText('Note saved')).toBeInTheDocument();
    expect((net.sent(calls.setContactNote)[0]?.body as { note: string }).note).toHaveLength(1000);
  });

  it('keeps the text when saving fails, says so, and saves it on Retry', async () => {
    let failing = true;
    const notes = serverWithNotes();
    net.on(calls.setContactNote, (request) => {
      if (failing) {
        failing = false;
        return fail('Server error', 500);
      }
      const text = (request.body as { note: string }).note;
      notes.set('c-ada', text);
      return ok({ ...CONTACTS[0]!, note: text });
    });
    const { user } = renderRoutes(pages, '/contact/c-ada');
    const box = await screen.findByRole('textbox', { name: 'Note' });
    await user.type(box, 'Call back on Monday');
    await user.click(screen.getByRole('button', { name: 'Save note' }));

    const alert = await screen.findByText('Your note was not saved. Your text is still here: try again.');
    expect(box).toHaveValue('Call back on Monday');
    expect(screen.getByRole('status')).toHaveTextContent('');
    await user.click(within(alert.parentElement!).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Note saved')).toBeInTheDocument();
    expect(screen.queryByText('Your note was not saved. Your text is still here: try again.')).not.toBeInTheDocument();
    expect(net.sent(calls.setContactNote).map((r) => r.body)).toEqual([{ note: 'Call back on Monday' }, { note: 'Call back on Monday' }]);
    expect(notes.get('c-ada')).toBe('Call back on Monday');
  });
});

describe('contacts met in an event arena', () => {
  const LAGOS = { id: 'evt-lagos', title: 'Lagos Tech Summit' };
  const ABUJA = { id: 'evt-abuja', title: 'Abuja Design Week' };
  // Midday UTC: the same calendar day in every time zone the tests may run in.
  const MET_LAGOS = '2026-11-27T12:00:00.000Z';
  const CONSENT = 'I agree that Owner may keep my name, job title, phone number and email as a contact, shared in the arena of Lagos Tech Summit.';
  const MET: Contact[] = [
    { contact_id: 'c-jose', full_name: 'José Martínez', title: 'Product Manager', phone: '+34 612-345-678', email: 'jose@example.es', created_at: MET_LAGOS, event: LAGOS, met_at: MET_LAGOS, consent: null },
    { contact_id: 'c-joseph', full_name: 'Joseph Okafor', title: 'Designer', phone: '0803 111 2222', email: 'joseph@example.ng', created_at: '2026-12-02T12:00:00.000Z', event: ABUJA, met_at: '2026-12-02T12:00:00.000Z', consent: null },
    { contact_id: 'c-ngozi', full_name: 'Ngozi Eze', title: 'Analyst', phone: '0803 333 4444', email: 'ngozi@example.ng', created_at: MET_LAGOS, event: LAGOS, met_at: MET_LAGOS, consent: CONSENT },
    { contact_id: 'c-josefa', full_name: 'Josefa Núñez', title: 'Chef', phone: '0803 555 6666', email: 'josefa@example.es', created_at: '2025-01-01T10:00:00.000Z', event: null, met_at: null, consent: null },
  ];
  const shownNames = () => {
    const list = screen.queryByRole('list', { name: 'Contacts' });
    return list === null ? [] : within(list).getAllByRole('link').map((link) => MET.find((c) => link.textContent?.startsWith(c.full_name))?.full_name);
  };

  beforeEach(() => {
    net.on(calls.getContacts, ok({ contacts: MET, user: { name: 'Owner', image: null } }));
  });

  it('tags each contact swapped in an arena with the event and the day, and offers each event as a filter', async () => {
    const { user } = renderRoutes(pages, '/contact');
    const list = await screen.findByRole('list', { name: 'Contacts' });
    const jose = within(list).getByRole('link', { name: /José Martínez/ });
    expect(within(jose).getByTestId('met-tag')).toHaveTextContent('Lagos Tech Summit · 27 Nov 2026');
    expect(within(within(list).getByRole('link', { name: /Joseph Okafor/ })).getByTestId('met-tag')).toHaveTextContent('Abuja Design Week · 2 Dec 2026');
    expect(within(within(list).getByRole('link', { name: /Josefa Núñez/ })).queryByTestId('met-tag')).not.toBeInTheDocument();

    const filter = screen.getByRole('combobox', { name: 'Event' });
    expect(within(filter).getAllByRole('option').map((o) => o.textContent)).toEqual(['All events', 'Abuja Design Week', 'Lagos Tech Summit']);
    expect(filter).toHaveValue('');
    await user.selectOptions(filter, 'Lagos Tech Summit');
    expect(shownNames()).toEqual(['José Martínez', 'Ngozi Eze']);
    expect(screen.getByRole('status')).toHaveTextContent('2 contacts found');
  });

  it('filters by event and searches ignoring accents together, both kept in the address', async () => {
    const { user, router } = renderRoutes(pages, '/contact');
    await screen.findByRole('list', { name: 'Contacts' });
    const search = screen.getByRole('searchbox', { name: 'Search contacts' });
    await user.type(search, 'JOSE');
    await waitFor(() => expect(shownNames()).toEqual(['José Martínez', 'Joseph Okafor', 'Josefa Núñez']));

    await user.selectOptions(screen.getByRole('combobox', { name: 'Event' }), 'Lagos Tech Summit');
    await waitFor(() => expect(shownNames()).toEqual(['José Martínez']));
    expect(search).toHaveValue('JOSE');
    expect(new URLSearchParams(router.state.location.search).get('q')).toBe('JOSE');
    expect(new URLSearchParams(router.state.location.search).get('event')).toBe(LAGOS.id);

    await user.clear(search);
    await user.type(search, 'martinez');
    await waitFor(() => expect(shownNames()).toEqual(['José Martínez']));
    await user.clear(search);
    await user.type(search, 'ngozi');
    await waitFor(() => expect(shownNames()).toEqual(['Ngozi Eze']));
    await user.clear(search);
    await user.type(search, 'joseph');
    expect(await screen.findByText('No contacts match "joseph"')).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Event' }), 'All events');
    await waitFor(() => expect(shownNames()).toEqual(['Joseph Okafor']));
    expect(new URLSearchParams(router.state.location.search).get('event')).toBeNull();
    expect(new URLSearchParams(router.state.location.search).get('q')).toBe('joseph');
  });

  it('keeps the filter and the search after a reload of the address', async () => {
    renderRoutes(pages, `/contact?event=${LAGOS.id}&q=jos`);
    await screen.findByRole('list', { name: 'Contacts' });
    expect(screen.getByRole('combobox', { name: 'Event' })).toHaveValue(LAGOS.id);
    expect(screen.getByRole('searchbox', { name: 'Search contacts' })).toHaveValue('jos');
    expect(shownNames()).toEqual(['José Martínez']);
  });

  it('says where and when they met on the contact, and shows the consent given with shared details', async () => {
    renderRoutes(pages, '/contact/c-ngozi');
    expect(await screen.findByRole('heading', { name: 'Ngozi Eze' })).toBeInTheDocument();
    expect(screen.getByText('Met at Lagos Tech Summit on 27 Nov 2026')).toBeInTheDocument();
    const consent = screen.getByRole('region', { name: 'Consent given when sharing their details' });
    expect(consent).toHaveTextContent(CONSENT);
    // The note field works beside them.
    expect(screen.getByRole('textbox', { name: 'Note' })).toBeInTheDocument();
  });

  it('shows neither for a contact made another way, and no consent for a card swap', async () => {
    renderRoutes(pages, '/contact/c-josefa');
    expect(await screen.findByRole('heading', { name: 'Josefa Núñez' })).toBeInTheDocument();
    expect(screen.queryByText(/^Met at/)).not.toBeInTheDocument();
    cleanup();
    renderRoutes(pages, '/contact/c-jose');
    expect(await screen.findByText('Met at Lagos Tech Summit on 27 Nov 2026')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Consent given when sharing their details' })).not.toBeInTheDocument();
  });
});
