import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { calls, type OwnerCard, type SaveCardPayload } from '@tapcard/shared/contract';
import { currentAuthorization, readDashboardData } from '../../lib/session.js';
import { STORAGE_PREFIX, writeStored } from '../../lib/storage.js';
import { stubImageDecoding } from '../../test/browser.js';
import { fail, mockNetwork, ok, type MockNetwork, type ReplyOf } from '../../test/network.js';
import { LocationProbe, renderRoutes, signIn, TEST_TOKEN } from '../../test/render.js';
import { ConnectPage } from './routes.js';

const pages = [
  { path: '/connect', Component: ConnectPage },
  { path: '/login', element: <LocationProbe label="login page" /> },
  { path: '/contact', element: <LocationProbe label="contacts page" /> },
];

const CARD: OwnerCard = {
  card: { profile: null, title: 'Ada Lovelace', description: 'Counting engines', sub_title: 'Engineer', card_id: 'prof-1', link: 'ada-lovelace-1a2b' },
  fields: [
    { label: 'Phone', content: '2348031234567', icon: 'phone', status: '1', type: 'tel', position: '1' },
    { label: 'Twitter', content: 'https://twitter.com/ada', icon: 'twitter', status: '1', type: 'twitter', position: '2' },
  ],
  services: [{ id: 'svc-1', service_image: null, service_name: 'Consulting', service_description: 'Analytical engines', phone: '+2348031234567', link: 'https://ada.dev', enable_enquiry: true, enabled: true }],
};

let net: MockNetwork;
beforeEach(() => {
  signIn();
  net = mockNetwork();
  net.on(calls.getCard, ok(CARD)).on(calls.saveCard, (request) => {
    const body = request.body as SaveCardPayload;
    return ok({ ...CARD, card: { ...CARD.card, profile: body.image, title: body.title, sub_title: body.sub_title, description: body.description }, fields: body.fields });
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const savedBodies = () => net.sent(calls.saveCard).map((r) => r.body as SaveCardPayload);

describe('the owner card page', () => {
  it('loads the card with the session and shows profile, link, quick links, services and tiles', async () => {
    renderRoutes(pages, '/connect');
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Ada Lovelace', level: 1 })).toBeInTheDocument();
    expect(net.sent(calls.getCard)[0]?.headers.get('Authorization')).toBe(TEST_TOKEN);
    expect(screen.getByText('Engineer')).toBeInTheDocument();
    expect(screen.getByText(`${window.location.origin}/card/connect?link=ada-lovelace-1a2b`)).toHaveAttribute('href', `${window.location.origin}/card/connect?link=ada-lovelace-1a2b`);
    const links = screen.getByRole('region', { name: 'Quick Links' });
    expect(within(links).getByRole('button', { name: 'Edit Phone' })).toBeInTheDocument();
    expect(within(links).getByRole('button', { name: 'Edit Twitter' })).toBeInTheDocument();
    expect(within(links).getByRole('list')).toHaveStyle({ gridTemplateColumns: 'repeat(4, minmax(0, 1fr))' });
    expect(screen.getByRole('heading', { name: 'Consulting' })).toBeInTheDocument();
    const tiles = screen.getByRole('region', { name: 'Dashboard' });
    expect(within(tiles).getByRole('link', { name: 'Connect' })).toHaveAttribute('href', '/connect');
    expect(within(tiles).getByRole('link', { name: 'Events' })).toHaveAttribute('href', '/event');
    expect(within(tiles).getByText('PAYMENT IS COMING SOON')).toBeInTheDocument();
    expect(within(tiles).getByText('STORE IS COMING SOON')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Contacts' })).toHaveAttribute('href', '/contact');
    expect(readDashboardData()).toEqual({ name: 'Ada Lovelace', description: 'Counting engines', image: null });
  });

  it('copies the public card link', async () => {
    const { user } = renderRoutes(pages, '/connect');
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    await user.click(await screen.findByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/card/connect?link=ada-lovelace-1a2b`);
    expect(await screen.findByText('Link copied')).toBeInTheDocument();
  });

  it("says so when the account has no card yet", async () => {
    net.on(calls.getCard, fail('You have not created your card yet', 404));
    renderRoutes(pages, '/connect');
    expect(await screen.findByText('You have not created your card yet')).toBeInTheDocument();
  });

  it("toggles EDIT/SAVE, says 'This field cannot be empty' and saves the whole card", async () => {
    const { user } = renderRoutes(pages, '/connect');
    await user.click(await screen.findByRole('button', { name: 'EDIT' }));
    const name = screen.getByLabelText('Name');
    await user.clear(name);
    await user.clear(screen.getByLabelText('What do you do?'));
    await user.click(screen.getByRole('button', { name: 'SAVE' }));
    expect(await screen.findAllByText('This field cannot be empty')).toHaveLength(2);
    expect(net.sent(calls.saveCard)).toHaveLength(0);

    await user.type(name, 'Ada King');
    await user.type(screen.getByLabelText('What do you do?'), 'Mathematician');
    await user.click(screen.getByRole('button', { name: 'SAVE' }));
    expect(await screen.findByRole('heading', { name: 'Ada King', level: 1 })).toBeInTheDocument();
    expect(await screen.findByText('Changes saved')).toBeInTheDocument();
    expect(savedBodies()[0]).toEqual({ image: null, title: 'Ada King', sub_title: 'Mathematician', description: 'Counting engines', fields: CARD.fields });
    expect(screen.getByRole('button', { name: 'EDIT' })).toBeInTheDocument();
  });

  it('changes the profile image through the square crop step and the upload, and saves the card with it', async () => {
    stubImageDecoding();
    class FakeUpload {
      upload = { onprogress: null };
      onload: (() => void) | null = null;
      status = 200;
      responseText = JSON.stringify({ success: 'true', message: 'ok', data: { url: '/backend/files/new.jpg', name: 'new.jpg' } });
      open() {}
      setRequestHeader() {}
      send() {
        setTimeout(() => this.onload?.(), 0);
      }
    }
    vi.stubGlobal('XMLHttpRequest', FakeUpload);
    const { user } = renderRoutes(pages, '/connect');
    await user.upload(await screen.findByLabelText('Change profile image'), new File(['x'], 'me.png', { type: 'image/png' }));
    const crop = await screen.findByRole('dialog', { name: 'Crop your photo' }, { timeout: 15000 });
    expect(within(crop).getByRole('slider', { name: 'Zoom' })).toHaveValue('1');
    expect(net.sent(calls.saveCard)).toHaveLength(0);
    await user.click(within(crop).getByRole('button', { name: 'Use photo' }));
    await waitFor(() => expect(savedBodies()[0]?.image).toBe('/backend/files/new.jpg'));
    expect(savedBodies()[0]?.fields).toEqual(CARD.fields);
  });

  it('refuses an image over 10 MB with the size warning', async () => {
    const { user } = renderRoutes(pages, '/connect');
    const big = new File(['x'], 'big.png', { type: 'image/png' });
    Object.defineProperty(big, 'size', { value: 10_485_761 });
    await user.upload(await screen.findByLabelText('Change profile image'), big);
    expect(await screen.findByText('Image size must not be larger than 10MB')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Crop your photo' })).toBeNull();
    expect(net.sent(calls.saveCard)).toHaveLength(0);
  });
});

describe('quick links', () => {
  it("adds a link: every value required ('Please fill in all information'), type defaults, a brand icon for websites, saved at once", async () => {
    const { user } = renderRoutes(pages, '/connect');
    await user.click(await screen.findByRole('button', { name: 'Add link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add quick link' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findAllByText('Please fill in all information')).toHaveLength(3);

    await user.selectOptions(within(dialog).getByLabelText('Type'), 'url');
    expect(within(dialog).getByLabelText('Label')).toHaveValue('Website');
    expect(within(dialog).getByRole('radio', { name: 'website' })).toBeChecked();
    await user.click(within(dialog).getByRole('radio', { name: 'github' }));
    await user.type(within(dialog).getByLabelText('Website link'), 'ada.dev/code');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(savedBodies()[0]?.fields).toEqual([...CARD.fields, { label: 'Website', content: 'https://ada.dev/code', icon: 'github', status: '1', type: 'url', position: '3' }]);
    expect(await screen.findByRole('button', { name: 'Edit Website' })).toBeInTheDocument();
  });

  it("refuses a script link under the field with the type's message and saves nothing", async () => {
    const { user } = renderRoutes(pages, '/connect');
    await user.click(await screen.findByRole('button', { name: 'Add link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add quick link' });
    await user.selectOptions(within(dialog).getByLabelText('Type'), 'url');
    const content = within(dialog).getByLabelText('Website link');
    await user.type(content, 'JaVaScRiPt:alert(1)');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Please enter a valid website link')).toBeInTheDocument();
    expect(content).toHaveAccessibleDescription('Please enter a valid website link');

    await user.selectOptions(within(dialog).getByLabelText('Type'), 'instagram');
    await user.clear(within(dialog).getByLabelText('Link or username'));
    await user.type(within(dialog).getByLabelText('Link or username'), 'data:text/html,x');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Link has not matched with profile instagram')).toBeInTheDocument();
    expect(savedBodies()).toHaveLength(0);
  });

  it('changes a link in place', async () => {
    const { user } = renderRoutes(pages, '/connect');
    await user.click(await screen.findByRole('button', { name: 'Edit Twitter' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change quick link' });
    const label = within(dialog).getByLabelText('Label');
    await user.clear(label);
    await user.type(label, 'X (Twitter)');
    await user.clear(within(dialog).getByLabelText('Link or username'));
    await user.type(within(dialog).getByLabelText('Link or username'), '@ada_l');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(savedBodies()).toHaveLength(1));
    expect(savedBodies()[0]?.fields[1]).toEqual({ label: 'X (Twitter)', content: 'https://twitter.com/ada_l', icon: 'twitter', status: '1', type: 'twitter', position: '2' });
  });

  it('enters delete mode after a 1000 ms press and deletes at once', async () => {
    const { user } = renderRoutes(pages, '/connect');
    const phone = await screen.findByRole('button', { name: 'Edit Phone' });
    await user.pointer({ keys: '[MouseLeft>]', target: phone });
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(screen.queryByRole('button', { name: 'Delete Phone' })).not.toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 500));
    await user.pointer({ keys: '[/MouseLeft]', target: phone });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete Phone' }));
    expect(await screen.findByText('Item deleted successfully!')).toBeInTheDocument();
    expect(savedBodies()[0]?.fields).toEqual([{ ...CARD.fields[1], position: '1' }]);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Edit Phone' })).not.toBeInTheDocument());
  }, 10_000);

  it("reaches delete mode from the keyboard with 'Edit links' and toasts a failed delete", async () => {
    net.on(calls.saveCard, fail('Server error', 500));
    const { user } = renderRoutes(pages, '/connect');
    const toggle = await screen.findByRole('button', { name: 'Edit links' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    toggle.focus();
    await user.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Delete Twitter' }));
    expect(await screen.findByText('Error deleting item. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit Twitter' })).toBeInTheDocument();
  });
});

describe('quick links that stop the card from saving', () => {
  const SCRIPT_LINK: OwnerCard['fields'][number] = { label: 'Website', content: 'javascript:alert(1)', icon: 'website', status: '1', type: 'url', position: '2' };
  const refusedOnTwitter: ReplyOf<typeof calls.saveCard> = {
    status: 400,
    json: { success: 'false', message: 'Link has not matched with profile twitter', data: null, errors: [{ field: 'fields.1.content', message: 'Link has not matched with profile twitter' }] },
  };

  it("marks a stored link that fails its type's rule, with its message, and lets the owner change it", async () => {
    net.on(calls.getCard, ok({ ...CARD, fields: [CARD.fields[0]!, SCRIPT_LINK] }));
    const { user } = renderRoutes(pages, '/connect');
    const tile = await screen.findByRole('button', { name: 'Edit Website' });
    expect(tile).toHaveAccessibleDescription('Please enter a valid website link');
    expect(screen.getByRole('button', { name: 'Edit Phone' })).not.toHaveAccessibleDescription();
    const toFix = screen.getByRole('group', { name: 'Links to fix' });
    expect(within(toFix).getByText('Please enter a valid website link')).toBeInTheDocument();
    expect(within(toFix).getByRole('button', { name: 'Delete link Website' })).toHaveAccessibleDescription('Please enter a valid website link');

    await user.click(within(toFix).getByRole('button', { name: 'Change link Website' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change quick link' });
    const content = within(dialog).getByLabelText('Website link');
    expect(content).toHaveAccessibleDescription('Please enter a valid website link');
    await user.clear(content);
    expect(content).not.toHaveAccessibleDescription();
    await user.type(content, 'ada.dev');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(savedBodies()[0]?.fields[1]).toEqual({ ...SCRIPT_LINK, content: 'https://ada.dev' });
    expect(screen.queryByRole('group', { name: 'Links to fix' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit Website' })).not.toHaveAccessibleDescription();
  });

  it('deletes a marked link from its row', async () => {
    net.on(calls.getCard, ok({ ...CARD, fields: [SCRIPT_LINK, CARD.fields[1]!] }));
    const { user } = renderRoutes(pages, '/connect');
    await user.click(await screen.findByRole('button', { name: 'Delete link Website' }));
    expect(await screen.findByText('Item deleted successfully!')).toBeInTheDocument();
    expect(savedBodies()[0]?.fields).toEqual([{ ...CARD.fields[1], position: '1' }]);
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Links to fix' })).not.toBeInTheDocument());
  });

  it('points to the link a refused save names (400 under fields.1.content), keeping the toast', async () => {
    net.on(calls.saveCard, refusedOnTwitter);
    const { user } = renderRoutes(pages, '/connect');
    await user.click(await screen.findByRole('button', { name: 'EDIT' }));
    await user.type(screen.getByLabelText('Name'), ' King');
    await user.click(screen.getByRole('button', { name: 'SAVE' }));
    const change = await screen.findByRole('button', { name: 'Change link Twitter' });
    await waitFor(() => expect(change).toHaveFocus());
    expect(change).toHaveAccessibleDescription('Link has not matched with profile twitter');
    expect(screen.getByRole('button', { name: 'Edit Twitter' })).toHaveAccessibleDescription('Link has not matched with profile twitter');
    expect(screen.getByRole('button', { name: 'Edit Phone' })).not.toHaveAccessibleDescription();
    expect(screen.getAllByText('Link has not matched with profile twitter')).toHaveLength(2);
  });

  it("shows a refused save's message under the modal's field, or names the other link that blocked it", async () => {
    net.on(calls.saveCard, refusedOnTwitter);
    const { user } = renderRoutes(pages, '/connect');
    await user.click(await screen.findByRole('button', { name: 'Edit Twitter' }));
    let dialog = await screen.findByRole('dialog', { name: 'Change quick link' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const content = within(dialog).getByLabelText('Link or username');
    await waitFor(() => expect(content).toHaveAccessibleDescription('Link has not matched with profile twitter'));
    await vi.waitFor(() => expect(content).toHaveFocus());
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Edit Phone' }));
    dialog = await screen.findByRole('dialog', { name: 'Change quick link' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Change or delete your link “Twitter” first: Link has not matched with profile twitter');
    expect(within(dialog).getByLabelText('Phone number')).not.toHaveAccessibleDescription();
  });
});

describe('services', () => {
  it('checks the service form and sends it as multipart with enable_enquiry true, then reloads the card', async () => {
    net.on(calls.addService, ok({ ...CARD.services[0]!, id: 'svc-2' }));
    const { user } = renderRoutes(pages, '/connect');
    await user.click(await screen.findByRole('button', { name: 'Add New' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add New Service' });
    await user.click(within(dialog).getByRole('button', { name: 'Add Service' }));
    expect(await within(dialog).findByText('Service name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Service description is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Phone number is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Link is required')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('Service Name'), 'Design');
    await user.type(within(dialog).getByLabelText('Description'), 'Card design');
    await user.type(within(dialog).getByLabelText('Phone Number'), 'call me');
    await user.type(within(dialog).getByLabelText('Link'), 'not a link');
    await user.click(within(dialog).getByRole('button', { name: 'Add Service' }));
    expect(await within(dialog).findByText('Link must be a valid URL')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Phone Number')).toHaveAccessibleDescription('Please enter a valid phone number');
    await user.clear(within(dialog).getByLabelText('Phone Number'));
    await user.type(within(dialog).getByLabelText('Phone Number'), '0803 123 4567');
    await user.clear(within(dialog).getByLabelText('Link'));
    await user.type(within(dialog).getByLabelText('Link'), 'ada.dev/design');
    await user.click(within(dialog).getByRole('button', { name: 'Add Service' }));

    expect(await screen.findByText('Service Added successfully!')).toBeInTheDocument();
    const sent = net.sent(calls.addService)[0];
    expect(sent?.path).toBe('/v1/connect/api/add-service/prof-1');
    expect(sent?.headers.get('Authorization')).toBe(TEST_TOKEN);
    expect(Object.fromEntries(sent?.form?.entries() ?? [])).toEqual({
      service_name: 'Design',
      service_description: 'Card design',
      phone: '+2348031234567',
      link: 'https://ada.dev/design',
      enable_enquiry: 'true',
    });
    await waitFor(() => expect(net.sent(calls.getCard)).toHaveLength(2));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("toasts 'Error Adding Service. Please try again.' when adding fails", async () => {
    net.on(calls.addService, fail('Card not found', 404));
    const { user } = renderRoutes(pages, '/connect');
    await user.click(await screen.findByRole('button', { name: 'Add New' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add New Service' });
    await user.type(within(dialog).getByLabelText('Service Name'), 'Design');
    await user.type(within(dialog).getByLabelText('Description'), 'Card design');
    await user.type(within(dialog).getByLabelText('Phone Number'), '+2348031234567');
    await user.type(within(dialog).getByLabelText('Link'), 'https://ada.dev');
    await user.click(within(dialog).getByRole('button', { name: 'Add Service' }));
    expect(await screen.findByText('Error Adding Service. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Add New Service' })).toBeInTheDocument();
  });

  it('deletes a service after confirmation and reloads the card', async () => {
    net.on(calls.deleteService, ok());
    const { user } = renderRoutes(pages, '/connect');
    await user.click(await screen.findByRole('button', { name: 'Delete Consulting' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this service?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Service deleted successfully!')).toBeInTheDocument();
    expect(net.sent(calls.deleteService)[0]?.path).toBe('/v1/connect/api/services/svc-1');
    await waitFor(() => expect(net.sent(calls.getCard)).toHaveLength(2));
  });

  it("toasts 'Error deleting service. Please try again.' when deleting fails", async () => {
    net.on(calls.deleteService, fail('Service not found', 404));
    const { user } = renderRoutes(pages, '/connect');
    await user.click(await screen.findByRole('button', { name: 'Delete Consulting' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Error deleting service. Please try again.')).toBeInTheDocument();
  });
});

describe('menus', () => {
  it('shows the notifications panel', async () => {
    const { user } = renderRoutes(pages, '/connect');
    await user.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(within(await screen.findByRole('dialog', { name: 'Notifications' })).getByText('Your notifications will appear here!!!')).toBeInTheDocument();
  });

  it('lists the side menu and logs out: clears storage, toasts and goes to login replacing history', async () => {
    writeStored('cartItems', [{ color: 'Black', qty: 1 }]);
    sessionStorage.setItem('anything', '1');
    const { user, router } = renderRoutes(pages, '/connect');
    await user.click(await screen.findByRole('button', { name: 'Open menu' }));
    const menu = await screen.findByRole('dialog', { name: 'Menu' });
    expect(within(menu).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Connect',
      'Contacts',
      'Events',
      'PaymentPAYMENT IS COMING SOON',
      'StoreSTORE IS COMING SOON',
      'Settings',
      'Logout',
    ]);
    expect(within(menu).getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/settings');
    await user.click(within(menu).getByRole('button', { name: 'Logout' }));
    expect(await screen.findByText('Logged Out Succesfully!')).toBeInTheDocument();
    expect(await screen.findByText(/login page/)).toBeInTheDocument();
    expect(router.state.historyAction).toBe('REPLACE');
    expect(currentAuthorization()).toBeNull();
    expect(Object.keys(localStorage).filter((k) => k.startsWith(STORAGE_PREFIX))).toEqual([]);
    expect(sessionStorage.length).toBe(0);
  });
});
