import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { calls } from '@tapcard/shared/contract';
import { readDashboardData, writeDashboardData } from '../../lib/session.js';
import { fail, ok } from '../../test/network.js';
import { networkForEachTest } from '../../test/each-test.js';
import { LocationProbe, renderRoutes } from '../../test/render.js';
import { DashboardPage } from './routes.js';

const pages = [
  { path: '/dashboard', Component: DashboardPage },
  { path: '/login', element: <LocationProbe label="login page" /> },
];

const net = networkForEachTest('signed-in');

describe('owner dashboard', () => {
  it("falls back to 'Hi, User' and 'You are awesome!' without a profile", async () => {
    net.on(calls.userProfile, fail('Server error', 500));
    const { user } = renderRoutes(pages, '/dashboard');
    expect(await screen.findByRole('heading', { name: 'Hi, User', level: 1 })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const drawer = await screen.findByRole('dialog', { name: 'Menu' });
    expect(within(drawer).getByText('Hi, User')).toBeInTheDocument();
    expect(within(drawer).getByText('You are awesome!')).toBeInTheDocument();
    expect(within(drawer).getByRole('link', { name: 'Connect' })).toHaveAttribute('href', '/connect');
    expect(within(drawer).getByRole('link', { name: 'Events' })).toHaveAttribute('href', '/event');
    expect(within(drawer).getByRole('link', { name: 'Contacts' })).toHaveAttribute('href', '/contact');
    expect(within(drawer).getByText('Identity').closest('[aria-disabled]')).toHaveTextContent('IdentityCOMING SOON');
    expect(within(drawer).getByText('Services').closest('[aria-disabled]')).toHaveTextContent('ServicesCOMING SOON');
  });

  it('shows the cached profile at once, then the fresh one, and refreshes the cache', async () => {
    writeDashboardData({ name: 'Ada', description: 'Cached', image: null });
    net.on(calls.userProfile, ok({ id: 'u1', name: 'Ada Lovelace', email: 'ada@example.com', image: null, description: 'Fresh', card_url: null }));
    renderRoutes(pages, '/dashboard');
    expect(screen.getByRole('heading', { name: 'Hi, Ada', level: 1 })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Hi, Ada Lovelace', level: 1 })).toBeInTheDocument();
    expect(readDashboardData()).toEqual({ name: 'Ada Lovelace', description: 'Fresh', image: null });
  });

  it('has the dashboard tabs, a settings link and logout', async () => {
    net.on(calls.userProfile, fail('Server error', 500));
    const { user } = renderRoutes(pages, '/dashboard');
    expect(await screen.findByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/settings');
    expect(within(screen.getByRole('tablist', { name: 'Dashboard' })).getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Socials', 'Business', 'Finance', 'Others']);
    await user.click(screen.getByRole('tab', { name: 'Others' }));
    expect(screen.getByText('Watch this space!!!')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByText('Logged Out Succesfully!')).toBeInTheDocument();
    expect(await screen.findByText(/login page/)).toBeInTheDocument();
  });
});
