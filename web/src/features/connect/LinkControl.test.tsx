import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { calls, ownerCardCalls, type OwnerCard, type SaveCardPayload, type Service } from '@tapcard/shared/contract';
import { fail, mockNetwork, ok, type MockNetwork } from '../../test/network.js';
import { renderRoutes, signIn, TEST_TOKEN } from '../../test/render.js';
import { ConnectPage } from './routes.js';

const pages = [{ path: '/connect', Component: ConnectPage }];

const service = (id: string, name: string, enabled = true): Service => ({
  id,
  service_image: null,
  service_name: name,
  service_description: `${name} for you`,
  phone: '',
  link: '',
  enable_enquiry: true,
  enabled,
});

const CARD: OwnerCard = {
  card: { profile: null, title: 'Ada Lovelace', description: 'Counting engines', sub_title: 'Engineer', card_id: 'prof-1', link: 'ada-lovelace-1a2b' },
  fields: [
    { id: 'f-phone', label: 'Phone', content: '2348031234567', icon: 'phone', status: '1', type: 'tel', position: '1' },
    { id: 'f-twitter', label: 'Twitter', content: 'https://twitter.com/ada', icon: 'twitter', status: '1', type: 'twitter', position: '2' },
    { id: 'f-mail', label: 'Email', content: 'ada@example.com', icon: 'email', status: '0', type: 'email', position: '3' },
  ],
  services: [service('svc-1', 'Consulting'), service('svc-2', 'Design'), service('svc-3', 'Training', false)],
};

let net: MockNetwork;
beforeEach(() => {
  signIn();
  net = mockNetwork();
  net.on(calls.getCard, ok(CARD)).on(calls.saveCard, (request) => ok({ ...CARD, fields: (request.body as SaveCardPayload).fields }));
});
afterEach(() => {
  vi.restoreAllMocks();
});

const savedFields = () => net.sent(calls.saveCard).map((r) => (r.body as SaveCardPayload).fields);
const rowsOf = (list: HTMLElement) => within(list).getAllByRole('listitem').map((row) => row.textContent);

async function arrangeLinks(user: ReturnType<typeof renderRoutes>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Arrange links' }));
  return screen.findByRole('list', { name: 'Quick Links' });
}

describe('quick links: switches and order', () => {
  it('marks a hidden link in the grid and the list, and hides a link by saving its status 0 with every id kept', async () => {
    const { user } = renderRoutes(pages, '/connect');
    const hiddenTile = await screen.findByRole('button', { name: 'Edit Email, Hidden' });
    expect(hiddenTile).toHaveTextContent('Hidden');
    const list = await arrangeLinks(user);
    expect(within(list).getByRole('switch', { name: 'Show Email on my card' })).not.toBeChecked();
    const twitter = within(list).getByRole('switch', { name: 'Show Twitter on my card' });
    expect(twitter).toBeChecked();
    await user.click(twitter);
    await waitFor(() => expect(savedFields()).toHaveLength(1));
    expect(savedFields()[0]).toEqual([CARD.fields[0], { ...CARD.fields[1], status: '0' }, CARD.fields[2]]);
    expect(net.sent(calls.saveCard)[0]?.headers.get('Authorization')).toBe(TEST_TOKEN);
    expect(within(list).getByRole('switch', { name: 'Show Twitter on my card' })).not.toBeChecked();
    expect(within(list).getAllByText('Hidden')).toHaveLength(2);

    await user.click(within(list).getByRole('switch', { name: 'Show Email on my card' }));
    await waitFor(() => expect(savedFields()).toHaveLength(2));
    expect(savedFields()[1]?.map((f) => [f.id, f.status])).toEqual([
      ['f-phone', '1'],
      ['f-twitter', '0'],
      ['f-mail', '1'],
    ]);
    // Back in the grid, the hidden link is still there, marked.
    await user.click(screen.getByRole('button', { name: 'Arrange links' }));
    expect(await screen.findByRole('button', { name: 'Edit Twitter, Hidden' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit Email' })).toBeInTheDocument();
  });

  it('moves a link down: saves the new positions with the ids, announces the position and keeps the focus', async () => {
    const { user } = renderRoutes(pages, '/connect');
    const list = await arrangeLinks(user);
    const down = within(list).getByRole('button', { name: 'Move Phone down' });
    await user.click(down);
    await waitFor(() => expect(savedFields()).toHaveLength(1));
    expect(savedFields()[0]).toEqual([
      { ...CARD.fields[1], position: '1' },
      { ...CARD.fields[0], position: '2' },
      { ...CARD.fields[2], position: '3' },
    ]);
    expect(rowsOf(list)[0]).toContain('Twitter');
    expect(rowsOf(list)[1]).toContain('Phone');
    expect(screen.getByText('Phone moved to position 2 of 3')).toBeInTheDocument();
    await waitFor(() => expect(within(list).getByRole('button', { name: 'Move Phone down' })).toHaveFocus());
    // No success toast for each move: the announcement says it.
    expect(screen.queryByText('Changes saved')).toBeNull();

    // From the keyboard, to the end; the last row's Move down does nothing.
    await user.keyboard('{Enter}');
    await waitFor(() => expect(savedFields()).toHaveLength(2));
    expect(savedFields()[1]?.map((f) => [f.id, f.position])).toEqual([
      ['f-twitter', '1'],
      ['f-mail', '2'],
      ['f-phone', '3'],
    ]);
    expect(within(list).getByRole('button', { name: 'Move Phone down' })).toHaveAttribute('aria-disabled', 'true');
    await user.keyboard('{Enter}');
    expect(savedFields()).toHaveLength(2);
  });

  it('sends two quick moves one after the other, in order, and keeps the later one on screen when the earlier answer comes', async () => {
    const answers: (() => void)[] = [];
    net.on(calls.saveCard, (request) => new Promise((resolve) => answers.push(() => resolve(ok({ ...CARD, fields: (request.body as SaveCardPayload).fields })))));
    const { user } = renderRoutes(pages, '/connect');
    const list = await arrangeLinks(user);
    await user.click(within(list).getByRole('button', { name: 'Move Phone down' }));
    await user.keyboard('{Enter}');
    expect(rowsOf(list).map((row) => row?.replace(/Show.*$/, ''))).toEqual([expect.stringContaining('Twitter'), expect.stringContaining('Email'), expect.stringContaining('Phone')]);
    await waitFor(() => expect(savedFields()).toHaveLength(1));
    // The second save waits for the first's answer.
    expect(savedFields()).toHaveLength(1);
    answers[0]?.();
    await waitFor(() => expect(savedFields()).toHaveLength(2));
    expect(savedFields().map((fields) => fields.map((f) => f.id))).toEqual([
      ['f-twitter', 'f-phone', 'f-mail'],
      ['f-twitter', 'f-mail', 'f-phone'],
    ]);
    // The first answer did not put Phone back in the middle.
    expect(rowsOf(list)[2]).toContain('Phone');
    answers[1]?.();
    await waitFor(() => expect(rowsOf(screen.getByRole('list', { name: 'Quick Links' }))[2]).toContain('Phone'));
  });

  it("shows a move at once, then puts the links back and toasts the server's message when the save is refused", async () => {
    let refuse: () => void = () => undefined;
    net.on(calls.saveCard, () => new Promise((resolve) => (refuse = () => resolve(fail('Card not found', 404)))));
    const { user } = renderRoutes(pages, '/connect');
    const list = await arrangeLinks(user);
    await user.click(within(list).getByRole('button', { name: 'Move Twitter up' }));
    await waitFor(() => expect(rowsOf(screen.getByRole('list', { name: 'Quick Links' }))[0]).toContain('Twitter'));
    refuse();
    expect(await screen.findByText('Card not found')).toBeInTheDocument();
    await waitFor(() => expect(rowsOf(screen.getByRole('list', { name: 'Quick Links' }))[0]).toContain('Phone'));
  });

  it("hides a link from its modal's switch, keeping its id", async () => {
    const { user } = renderRoutes(pages, '/connect');
    await user.click(await screen.findByRole('button', { name: 'Edit Twitter' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change quick link' });
    const toggle = within(dialog).getByRole('switch', { name: 'Show Twitter on my card' });
    expect(toggle).toBeChecked();
    await user.click(toggle);
    expect(within(dialog).getByText('Hidden')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(savedFields()).toHaveLength(1));
    expect(savedFields()[0]?.[1]).toEqual({ ...CARD.fields[1], status: '0' });
  });
});

describe('services: switches and order', () => {
  const arranged = () => net.sent(ownerCardCalls.arrangeServices).map((r) => r.body);

  it('switches a service off and moves one, sending every service in order each time', async () => {
    net.on(ownerCardCalls.arrangeServices, (request) => {
      const sent = (request.body as { services: { id: string; enabled: boolean }[] }).services;
      return ok({ services: sent.map(({ id, enabled }) => ({ ...CARD.services.find((s) => s.id === id)!, enabled })) });
    });
    const { user } = renderRoutes(pages, '/connect');
    const list = await screen.findByRole('list', { name: 'Services' });
    expect(within(list).getByRole('switch', { name: 'Show Training on my card' })).not.toBeChecked();
    await user.click(within(list).getByRole('switch', { name: 'Show Design on my card' }));
    await waitFor(() => expect(arranged()).toHaveLength(1));
    expect(arranged()[0]).toEqual({
      services: [
        { id: 'svc-1', enabled: true },
        { id: 'svc-2', enabled: false },
        { id: 'svc-3', enabled: false },
      ],
    });
    expect(net.sent(ownerCardCalls.arrangeServices)[0]?.headers.get('Authorization')).toBe(TEST_TOKEN);

    await user.click(within(list).getByRole('button', { name: 'Move Training up' }));
    await waitFor(() => expect(arranged()).toHaveLength(2));
    expect(arranged()[1]).toEqual({
      services: [
        { id: 'svc-1', enabled: true },
        { id: 'svc-3', enabled: false },
        { id: 'svc-2', enabled: false },
      ],
    });
    expect(within(list).getAllByRole('heading').map((h) => h.textContent)).toEqual(['Consulting', 'Training', 'Design']);
    expect(screen.getByText('Training moved to position 2 of 3')).toBeInTheDocument();
  });

  it("shows a move at once, then puts the services back and toasts the server's message when refused", async () => {
    let refuse: () => void = () => undefined;
    net.on(ownerCardCalls.arrangeServices, () => new Promise((resolve) => (refuse = () => resolve(fail('Send every service of your card, once each', 400)))));
    const { user } = renderRoutes(pages, '/connect');
    const headings = () => within(screen.getByRole('list', { name: 'Services' })).getAllByRole('heading').map((h) => h.textContent);
    await user.click(within(await screen.findByRole('list', { name: 'Services' })).getByRole('button', { name: 'Move Consulting down' }));
    await waitFor(() => expect(headings()).toEqual(['Design', 'Consulting', 'Training']));
    refuse();
    expect(await screen.findByText('Send every service of your card, once each')).toBeInTheDocument();
    await waitFor(() => expect(headings()).toEqual(['Consulting', 'Design', 'Training']));
  });
});
