import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CARD_PAGE_REDIRECT_MS } from '../../lib/ui.js';
import { calls, type PublicCard } from '@tapcard/shared/contract';
import { paths, routes } from '../../lib/paths.js';
import { mockNetwork, ok } from '../../test/network.js';
import { LocationProbe, renderRoutes } from '../../test/render.js';
import { CardConnectPage } from './CardConnectPage.js';
import { CardDashboardPage } from './CardDashboardPage.js';

const card: PublicCard = {
  card: { profile: null, title: 'Ada Obi', sub_title: 'Product Designer', description: 'I design things', user_id: 'u1', card_id: 'card-1', type: 'nfc' },
  fields: [
    { label: 'Phone', content: '2348012345678', icon: 'phone', status: '1', type: 'tel', position: '1' },
    { label: 'WhatsApp', content: '+234 801 234 5678', icon: 'whatsapp', status: '1', type: 'wa', position: '2' },
    { label: 'Email', content: 'ada@example.com', icon: 'email', status: 'active', type: 'email', position: '3' },
    { label: 'Website', content: 'ada.example.com', icon: 'website', status: '1', type: 'url', position: '4' },
    { label: 'Office', content: '12 Marina Road, Lagos', icon: 'address', status: '1', type: 'address', position: '5' },
  ],
  services: [{ id: 's1', service_image: null, service_name: 'Brand design', service_description: 'Logos and more', phone: '2348012345678', link: 'https://ada.example.com', enable_enquiry: true, enabled: true }],
  download_url: '/connect/public/api/vcard-download?link=ada',
};

const routeObjects = [
  { path: routes.cardConnect, element: <CardConnectPage /> },
  { path: routes.cardDashboard, element: <CardDashboardPage /> },
  { path: routes.login, element: <LocationProbe label="login" /> },
];

afterEach(() => {
  vi.useRealTimers();
});

describe('public card page', () => {
  it('shows the not-found view without a link', async () => {
    mockNetwork();
    renderRoutes(routeObjects, routes.cardConnect);
    expect(await screen.findByRole('heading', { name: 'You have found a rare gem!.' })).toBeInTheDocument();
  });

  it('shows the banner, the two buttons, the quick links, the services and the sidebar', async () => {
    const network = mockNetwork();
    network.on(calls.connectVcard, ok(card));
    const { user } = renderRoutes(routeObjects, paths.cardConnect('ada'));
    expect(screen.getByRole('heading', { name: 'Loading...' })).toBeInTheDocument();

    expect(await screen.findByRole('heading', { name: 'Ada Obi' })).toBeInTheDocument();
    expect(network.sent(calls.connectVcard)[0]?.query.get('link')).toBe('ada');
    expect(screen.getByText('Product Designer')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'EXCHANGE CONTACT' })).toHaveAttribute('href', paths.cardExchange('card-1', 'nfc'));
    expect(screen.getByRole('link', { name: 'SAVE CONTACT' })).toHaveAttribute('href', '/api/connect/public/api/vcard-download?link=ada');

    const links = within(screen.getByRole('region', { name: 'Quick Links' }));
    expect(links.getByRole('link', { name: 'Phone' })).toHaveAttribute('href', 'tel:+2348012345678');
    expect(links.getByRole('link', { name: 'WhatsApp' })).toHaveAttribute('href', 'https://wa.me/2348012345678');
    expect(links.getByRole('link', { name: 'Email' })).toHaveAttribute('href', 'mailto:ada@example.com');
    expect(links.getByRole('link', { name: 'Website' })).toHaveAttribute('href', 'https://ada.example.com');
    await user.click(links.getByRole('button', { name: 'Office' }));
    expect(within(await screen.findByRole('dialog', { name: 'Office' })).getByText('12 Marina Road, Lagos')).toBeInTheDocument();
    await user.keyboard('{Escape}');

    expect(screen.getByRole('heading', { name: 'Brand design' })).toBeInTheDocument();
    const nav = within(screen.getByRole('navigation', { name: 'Card' }));
    expect(nav.getByRole('link', { name: 'Connect' })).toHaveAttribute('href', paths.cardConnect('ada'));
    expect(nav.getByRole('link', { name: 'Events' })).toHaveAttribute('href', paths.cardEvents('ada'));
  });

  it('shows a stored script or data link as inert text, never as a link', async () => {
    const network = mockNetwork();
    const stored: PublicCard = {
      ...card,
      fields: [
        { label: 'Site', content: 'javascript:alert(1)', icon: 'website', status: '1', type: 'url', position: '1' },
        { label: 'Insta', content: ' JaVaScRiPt:alert(1)', icon: 'instagram', status: '1', type: 'instagram', position: '2' },
        { label: 'Page', content: 'data:text/html,<script>alert(1)</script>', icon: 'website', status: '1', type: 'tiktok', position: '3' },
        { label: 'Mail', content: 'vbscript:msgbox(1)', icon: 'email', status: '1', type: 'email', position: '4' },
        { label: 'Note', content: 'javascript:alert(1)', icon: 'others', status: '1', type: 'text', position: '5' },
      ],
      services: [{ ...card.services[0]!, link: 'javascript:alert(1)' }],
    };
    network.on(calls.connectVcard, ok(stored));
    const { user } = renderRoutes(routeObjects, paths.cardConnect('ada'));
    const links = within(await screen.findByRole('region', { name: 'Quick Links' }));
    expect(links.queryAllByRole('link')).toHaveLength(0);
    for (const a of document.querySelectorAll('a')) expect(a.getAttribute('href') ?? '').not.toMatch(/^\s*(javascript|data|vbscript):/i);
    expect(screen.queryByRole('link', { name: /Visit/ })).not.toBeInTheDocument();
    await user.click(links.getByRole('button', { name: 'Site' }));
    expect(within(await screen.findByRole('dialog', { name: 'Site' })).getByText('javascript:alert(1)')).toBeInTheDocument();
  });

  it('goes to the login page after five minutes', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const network = mockNetwork();
    network.on(calls.connectVcard, ok(card));
    renderRoutes(routeObjects, paths.cardConnect('ada'));
    expect(await screen.findByRole('heading', { name: 'Ada Obi' })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(CARD_PAGE_REDIRECT_MS - 1000));
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1000));
    expect(await screen.findByTestId('location')).toHaveTextContent('login /login');
  });

  it("shows the card dashboard with links that carry the card's link", async () => {
    const network = mockNetwork();
    network.on(calls.connectVcard, ok(card));
    renderRoutes(routeObjects, paths.cardDashboard('ada'));
    expect(await screen.findByRole('heading', { name: 'Ada Obi' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Connect' })).toHaveAttribute('href', paths.cardConnect('ada'));
    expect(screen.getByRole('link', { name: 'Events' })).toHaveAttribute('href', paths.cardEvents('ada'));
  });
});
