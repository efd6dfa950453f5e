import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { beaconCalls, calls, type PublicCard } from '@tapcard/shared/contract';
import { paths, routes } from '../../lib/paths.js';
import { mockNetwork, ok, type MockNetwork } from '../../test/network.js';
import { renderRoutes } from '../../test/render.js';
import { CardConnectPage } from './CardConnectPage.js';

const card: PublicCard = {
  card: { profile: null, title: 'Ada Obi', sub_title: 'Product Designer', description: '', user_id: 'u1', card_id: 'card-1', type: 'nfc' },
  fields: [
    { id: 'f-site', label: 'Website', content: 'ada.example.com', icon: 'website', status: '1', type: 'url', position: '1' },
    { id: 'f-office', label: 'Office', content: '12 Marina Road, Lagos', icon: 'address', status: '1', type: 'address', position: '2' },
    { label: 'Email', content: 'ada@example.com', icon: 'email', status: '1', type: 'email', position: '3' },
  ],
  services: [],
  download_url: '/connect/public/api/vcard-download?link=ada',
};

const pages = [{ path: routes.cardConnect, element: <CardConnectPage /> }];

/** Each test opens its own card: a page load counts a card once, whatever is rendered after. */
let n = 0;
const nextLink = () => `count-${++n}`;

/** Opens the card page at `address`, with the browser's address bar showing it as a page load would. */
async function openCard(net: MockNetwork, address: string) {
  window.history.replaceState({ usr: null, key: 'default', idx: 0 }, '', address);
  net.on(calls.connectVcard, ok(card));
  const view = renderRoutes(pages, address);
  expect(await screen.findByRole('heading', { name: 'Ada Obi' })).toBeInTheDocument();
  return view;
}

const viewsSent = (net: MockNetwork) => net.sent(beaconCalls.cardView).map((request) => request.body);
const clicksSent = (net: MockNetwork) => net.sent(beaconCalls.linkClick).map((request) => request.body);

let net: MockNetwork;
beforeEach(() => {
  net = mockNetwork();
  net.on(beaconCalls.cardView, ok()).on(beaconCalls.linkClick, ok());
});

afterEach(() => {
  window.history.replaceState(null, '', '/');
});

describe('counting views of the public card', () => {
  it('counts one view by the source in the address, then takes the source out of the address', async () => {
    const link = nextLink();
    const { unmount } = await openCard(net, `${paths.cardConnect(link, 'qr')}&ref=flyer#top`);

    await waitFor(() => expect(viewsSent(net)).toEqual([{ link, source: 'qr' }]));
    expect(window.location.pathname + window.location.search + window.location.hash).toBe(`${routes.cardConnect}?link=${link}&ref=flyer#top`);
    // The router's entry keeps its key and index, so Back and Forward still work.
    expect(window.history.state).toEqual({ usr: null, key: 'default', idx: 0 });

    // Re-rendered and opened again in the same page load, the card is not counted again.
    unmount();
    await openCard(net, paths.cardConnect(link));
    await screen.findByRole('region', { name: 'Quick Links' });
    expect(viewsSent(net)).toHaveLength(1);
  });

  it.each([
    ['tap', 'tap'],
    ['arena', 'arena'],
    ['somewhere', 'link'],
    [null, 'link'],
  ] as const)('counts src=%s as %s', async (src, source) => {
    const link = nextLink();
    await openCard(net, src === null ? paths.cardConnect(link) : `${paths.cardConnect(link)}&src=${src}`);
    await waitFor(() => expect(viewsSent(net)).toEqual([{ link, source }]));
    expect(window.location.search).toBe(`?link=${link}`);
  });

  it('sends the view as a JSON beacon when the browser has one', async () => {
    const sendBeacon = vi.fn((_url: string, _data?: BodyInit | null) => true);
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator) as Navigator, { sendBeacon }));
    const link = nextLink();
    await openCard(net, paths.cardConnect(link, 'tap'));

    await waitFor(() => expect(sendBeacon).toHaveBeenCalledTimes(1));
    const [url, data] = sendBeacon.mock.calls[0]!;
    expect(url).toBe(`/api${beaconCalls.cardView.path}`);
    expect(data).toBeInstanceOf(Blob);
    expect((data as Blob).type).toBe('application/json');
    expect(JSON.parse(await (data as Blob).text())).toEqual({ link, source: 'tap' });
    expect(viewsSent(net)).toEqual([]);
  });

  it('falls back to fetch when the beacon is refused, and the page carries on when neither works', async () => {
    const sendBeacon = vi.fn(() => {
      throw new TypeError('Beacons are not allowed here');
    });
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator) as Navigator, { sendBeacon }));
    const link = nextLink();
    const first = await openCard(net, paths.cardConnect(link, 'qr'));
    await waitFor(() => expect(viewsSent(net)).toEqual([{ link, source: 'qr' }]));
    expect(net.sent(beaconCalls.cardView)[0]!.headers.get('content-type')).toBe('application/json');
    first.unmount();

    net.on(beaconCalls.cardView, () => Promise.reject(new TypeError('Failed to fetch')));
    const { user } = await openCard(net, paths.cardConnect(nextLink(), 'qr'));
    await waitFor(() => expect(viewsSent(net)).toHaveLength(2));
    expect(window.location.search).not.toContain('src=');
    await user.click(within(screen.getByRole('region', { name: 'Quick Links' })).getByRole('button', { name: 'Office' }));
    expect(await screen.findByRole('dialog', { name: 'Office' })).toBeInTheDocument();
    expect(screen.queryByText(/Network Error/)).not.toBeInTheDocument();
  });
});

describe('counting quick link clicks', () => {
  it("sends each click with the link's id, and nothing for a link without one", async () => {
    // The links open elsewhere; the test only watches what is counted.
    const stay = (event: MouseEvent) => event.preventDefault();
    window.addEventListener('click', stay, true);
    try {
      const link = nextLink();
      const { user } = await openCard(net, paths.cardConnect(link));
      const links = within(screen.getByRole('region', { name: 'Quick Links' }));

      await user.click(links.getByRole('link', { name: 'Website' }));
      await waitFor(() => expect(clicksSent(net)).toEqual([{ link, field_id: 'f-site' }]));

      await user.click(links.getByRole('button', { name: 'Office' }));
      await waitFor(() => expect(clicksSent(net)).toEqual([{ link, field_id: 'f-site' }, { link, field_id: 'f-office' }]));
      await user.keyboard('{Escape}');

      await user.click(links.getByRole('link', { name: 'Email' }));
      await user.click(links.getByRole('link', { name: 'Website' }));
      await waitFor(() => expect(clicksSent(net)).toHaveLength(3));
      expect(clicksSent(net).map((body) => (body as { field_id: string }).field_id)).toEqual(['f-site', 'f-office', 'f-site']);
    } finally {
      window.removeEventListener('click', stay, true);
    }
  });
});
