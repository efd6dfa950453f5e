import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentType } from 'react';
import { describe, expect, it } from 'vitest';
import { calls, type PublicCard } from '@tapcard/shared/contract';
import { paths } from '../../lib/paths.js';
import type { VisitorPageProps } from '../../lib/ssr.js';
import { mockNetwork, ok } from '../../test/network.js';
import { serverThenBrowser as renderThenHydrate } from '../../test/visitor.js';
import { publicCardQuery } from './api.js';
import { CardConnectVisit } from './CardConnectVisit.js';
import { CardDashboardVisit } from './CardDashboardVisit.js';

const card: PublicCard = {
  card: { profile: null, title: 'Ada Obi', sub_title: 'Product Designer', description: 'I design things', user_id: 'u1', card_id: 'card-1', type: 'nfc' },
  fields: [
    { label: 'Phone', content: '2348012345678', icon: 'phone', status: '1', type: 'tel', position: '1' },
    { label: 'Office', content: '12 Marina Road, Lagos', icon: 'address', status: '1', type: 'address', position: '2' },
  ],
  services: [],
  download_url: '/connect/public/api/vcard-download?link=ada',
};

/** The server render's hand-over when it loaded the card (or not). */
const loadedCard = (loaded: boolean): [readonly unknown[], unknown][] => (loaded ? [[publicCardQuery('ada').queryKey, { success: 'true', message: 'OK', data: card }]] : []);


/** Renders `Page` as the server does, then hydrates that markup as the light entry does; returns the mismatches. */
const serverThenBrowser = (Page: ComponentType<VisitorPageProps>, path: string, loaded: boolean) => renderThenHydrate(Page, path, loadedCard(loaded));

describe('the card pages of the light entry', () => {
  it("hydrate the server's card without a mismatch or a request, with plain links", async () => {
    const network = mockNetwork();
    expect(await serverThenBrowser(CardConnectVisit, paths.cardConnect('ada'), true)).toEqual([]);
    expect(screen.getByRole('heading', { level: 1, name: 'Ada Obi' })).toBeInTheDocument();
    expect(network.sent(calls.connectVcard)).toEqual([]);
    // Links load their pages: the exchange form is the app's, the events page the server's.
    expect(screen.getByRole('link', { name: 'EXCHANGE CONTACT' })).toHaveAttribute('href', paths.cardExchange('card-1', 'nfc'));
    const nav = within(screen.getByRole('navigation', { name: 'Card' }));
    expect(nav.getByRole('link', { name: 'Connect' })).toHaveAttribute('aria-current', 'page');
    expect(nav.getByRole('link', { name: 'Events' })).toHaveAttribute('href', paths.cardEvents('ada'));
  });

  it('open the address dialog on the first tap, fetching its code then', async () => {
    mockNetwork();
    await serverThenBrowser(CardConnectVisit, paths.cardConnect('ada'), true);
    expect(screen.queryByRole('dialog')).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Office' }));
    expect(within(await screen.findByRole('dialog', { name: 'Office' })).getByText('12 Marina Road, Lagos')).toBeInTheDocument();
  });

  it('ask for the card themselves when the server could not load it', async () => {
    const network = mockNetwork();
    network.on(calls.connectVcard, ok(card));
    expect(await serverThenBrowser(CardConnectVisit, paths.cardConnect('ada'), false)).toEqual([]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Ada Obi' })).toBeInTheDocument();
    expect(network.sent(calls.connectVcard)[0]?.query.get('link')).toBe('ada');
  });

  it('show the not-found view for a card nobody has', async () => {
    mockNetwork();
    await serverThenBrowser(CardConnectVisit, paths.cardConnect('ada'), false);
    expect(await screen.findByRole('heading', { name: 'You have found a rare gem!.' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
  });

  it("hydrate the card dashboard with links that carry the card's link", async () => {
    mockNetwork();
    expect(await serverThenBrowser(CardDashboardVisit, paths.cardDashboard('ada'), true)).toEqual([]);
    expect(screen.getByRole('heading', { level: 1, name: 'Ada Obi' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Connect' })).toHaveAttribute('href', paths.cardConnect('ada'));
    expect(screen.getByRole('link', { name: 'Events' })).toHaveAttribute('href', paths.cardEvents('ada'));
  });
});
