import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { calls } from '@tapcard/shared/contract';
import { currentAuthorization, readDashboardData, writeDashboardData } from '../../lib/session.js';
import { fail, mockNetwork, ok, type MockNetwork } from '../../test/network.js';
import { LocationProbe, renderRoutes, signIn, TEST_TOKEN } from '../../test/render.js';
import { ChangePasswordPage, SettingsPage } from './routes.js';

const pages = [
  { path: '/settings', Component: SettingsPage },
  { path: '/settings/change-password', Component: ChangePasswordPage },
  { path: '/login', element: <LocationProbe label="login page" /> },
];

let net: MockNetwork;
beforeEach(() => {
  signIn();
  net = mockNetwork();
});
afterEach(() => vi.unstubAllGlobals());

describe('settings', () => {
  it('links back to Connect and to Change Password, with an inert Default Page', async () => {
    renderRoutes(pages, '/settings');
    expect(await screen.findByRole('link', { name: /Connect/ })).toHaveAttribute('href', '/connect');
    expect(screen.getByRole('heading', { name: 'Security' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Change Password' })).toHaveAttribute('href', '/settings/change-password');
    expect(screen.getByRole('heading', { name: 'Vcard' })).toBeInTheDocument();
    expect(screen.getByText('Default Page').closest('a, button')).toBeNull();
  });
});

describe('change password', () => {
  it('shows the new-password messages', async () => {
    const { user } = renderRoutes(pages, '/settings/change-password');
    await user.click(await screen.findByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(screen.getByText('Confirm your password')).toBeInTheDocument();
    await user.type(screen.getByLabelText('New Password'), 'secret#12');
    await user.type(screen.getByLabelText('Confirm Password'), 'secret#13');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText('Password must contain at least 1 uppercase letter')).toBeInTheDocument();
    expect(screen.getByText('Passwords must match')).toBeInTheDocument();
    expect(net.sent(calls.changePassword)).toHaveLength(0);
  });

  it('sends the passwords with the session, then ends the session and goes to login', async () => {
    writeDashboardData({ name: 'Ada', description: '', image: null });
    net.on(calls.changePassword, ok());
    const { user, router } = renderRoutes(pages, '/settings/change-password');
    await user.type(await screen.findByLabelText('New Password'), 'Secret#123');
    await user.type(screen.getByLabelText('Confirm Password'), 'Secret#123');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText('Password Updated successfully!')).toBeInTheDocument();
    expect(await screen.findByText(/login page/)).toBeInTheDocument();
    expect(router.state.historyAction).toBe('REPLACE');
    const sent = net.sent(calls.changePassword)[0];
    expect(sent?.body).toEqual({ password: 'Secret#123', confirm_password: 'Secret#123' });
    expect(sent?.headers.get('Authorization')).toBe(TEST_TOKEN);
    expect(currentAuthorization()).toBeNull();
    expect(readDashboardData()).toBeNull();
  });

  it("toasts 'Updating password' then 'Unable to update password!' on failure", async () => {
    net.on(calls.changePassword, fail('Server error', 500));
    const { user } = renderRoutes(pages, '/settings/change-password');
    await user.type(await screen.findByLabelText('New Password'), 'Secret#123');
    await user.type(screen.getByLabelText('Confirm Password'), 'Secret#123');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText('Updating password')).toBeInTheDocument();
    expect(await screen.findByText('Unable to update password!')).toBeInTheDocument();
    expect(currentAuthorization()).toBe(TEST_TOKEN);
  });
});
