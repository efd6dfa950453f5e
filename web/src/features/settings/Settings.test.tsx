import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { calls } from '@tapcard/shared/contract';
import { currentAuthorization, readDashboardData, writeDashboardData } from '../../lib/session.js';
import { fail, ok } from '../../test/network.js';
import { networkForEachTest } from '../../test/each-test.js';
import { submitAndExpect, typeInto } from '../../test/forms.js';
import { LocationProbe, renderRoutes, TEST_TOKEN } from '../../test/render.js';
import { ChangePasswordPage, SessionsPage, SettingsPage } from './routes.js';

const pages = [
  { path: '/settings', Component: SettingsPage },
  { path: '/settings/change-password', Component: ChangePasswordPage },
  { path: '/settings/sessions', Component: SessionsPage },
  { path: '/login', element: <LocationProbe label="login page" /> },
];

const net = networkForEachTest('signed-in');

/** Opens Change Password and sends the current password with a valid new one. */
async function changePassword(currentPassword: string) {
  const view = renderRoutes(pages, '/settings/change-password');
  await typeInto(view.user, { 'Current Password': currentPassword, 'New Password': 'Secret#123', 'Confirm Password': 'Secret#123' });
  await view.user.click(screen.getByRole('button', { name: 'Change Password' }));
  return view;
}

describe('settings', () => {
  it('links back to Connect and to Change Password, with an inert Default Page', async () => {
    renderRoutes(pages, '/settings');
    expect(await screen.findByRole('link', { name: /Connect/ })).toHaveAttribute('href', '/connect');
    expect(screen.getByRole('heading', { name: 'Security' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Change Password' })).toHaveAttribute('href', '/settings/change-password');
    expect(screen.getByRole('link', { name: 'Active sessions' })).toHaveAttribute('href', '/settings/sessions');
    expect(screen.getByRole('heading', { name: 'Vcard' })).toBeInTheDocument();
    expect(screen.getByText('Default Page').closest('a, button')).toBeNull();
  });
});

describe('change password', () => {
  it('shows the new-password messages', async () => {
    const { user } = renderRoutes(pages, '/settings/change-password');
    await submitAndExpect(user, 'Change Password', 'Password must be at least 8 characters', 'Confirm your password');
    expect(screen.getByLabelText('Current Password')).toHaveAccessibleDescription('Enter your current password');
    await typeInto(user, { 'New Password': 'secret#12', 'Confirm Password': 'secret#13' });
    await submitAndExpect(user, 'Change Password', 'Password must contain at least 1 uppercase letter', 'Passwords must match');
    expect(net.sent(calls.changePassword)).toHaveLength(0);
  });

  it('sends the passwords with the session, then ends the session and goes to login', async () => {
    writeDashboardData({ name: 'Ada', description: '', image: null });
    net.on(calls.changePassword, ok());
    const { router } = await changePassword('Old-pass1');
    expect(await screen.findByText('Password Updated successfully!')).toBeInTheDocument();
    expect(await screen.findByText(/login page/)).toBeInTheDocument();
    expect(router.state.historyAction).toBe('REPLACE');
    const sent = net.sent(calls.changePassword)[0];
    expect(sent?.body).toEqual({ current_password: 'Old-pass1', password: 'Secret#123', confirm_password: 'Secret#123' });
    expect(sent?.headers.get('Authorization')).toBe(TEST_TOKEN);
    expect(currentAuthorization()).toBeNull();
    expect(readDashboardData()).toBeNull();
  });

  it("toasts 'Updating password' then 'Unable to update password!' on failure", async () => {
    net.on(calls.changePassword, fail('Server error', 500));
    await changePassword('Old-pass1');
    expect(await screen.findByText('Updating password')).toBeInTheDocument();
    expect(await screen.findByText('Unable to update password!')).toBeInTheDocument();
    expect(currentAuthorization()).toBe(TEST_TOKEN);
  });
});

describe('change password: the current password', () => {
  it("shows the upstream's message under Current Password when it is wrong, and keeps the session", async () => {
    net.on(calls.changePassword, {
      status: 400,
      json: { success: 'false', message: 'Current password is incorrect', data: null, errors: [{ field: 'current_password', message: 'Current password is incorrect' }] },
    });
    await changePassword('Wrong-pass1');
    expect(await screen.findByText('Unable to update password!')).toBeInTheDocument();
    const current = screen.getByLabelText('Current Password');
    await vi.waitFor(() => expect(current).toHaveAccessibleDescription('Current password is incorrect'));
    expect(current).toHaveAttribute('aria-invalid', 'true');
    await vi.waitFor(() => expect(current).toHaveFocus());
    expect(currentAuthorization()).toBe(TEST_TOKEN);
    expect(screen.queryByText(/login page/)).toBeNull();
  });
});

describe('active sessions', () => {
  const sessions = [
    { id: 'phone-1', created_at: '2026-05-03T09:00:00.000Z', last_used_at: '2026-05-04T10:00:00.000Z', device: 'Safari on iOS', current: false },
    { id: 'laptop-1', created_at: '2026-05-02T09:00:00.000Z', last_used_at: '2026-05-04T11:00:00.000Z', device: 'Chrome on Windows', current: true },
    { id: 'old-1', created_at: '2026-04-01T09:00:00.000Z', last_used_at: '2026-04-01T09:00:00.000Z', device: '', current: false },
  ];

  it('lists the sessions with this device marked and an End session button on the others only', async () => {
    net.on(calls.listSessions, ok({ sessions }));
    renderRoutes(pages, '/settings/sessions');
    const list = await screen.findByRole('list', { name: 'Active sessions' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => within(row).getByRole('heading').textContent)).toEqual(['Safari on iOS', 'Chrome on WindowsThis device', 'Unknown device']);
    expect(within(rows[1]!).queryByRole('button')).toBeNull();
    expect(within(rows[0]!).getByRole('button', { name: 'End session: Safari on iOS' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign out all other sessions' })).toBeInTheDocument();
    expect(net.sent(calls.listSessions)[0]?.headers.get('Authorization')).toBe(TEST_TOKEN);
  });

  it('ends a session only after the confirmation, then shows the list without it', async () => {
    let live = sessions;
    net.on(calls.listSessions, () => ok({ sessions: live }));
    net.on(calls.endSession, (request) => {
      live = live.filter((s) => request.path !== `/auth/api/sessions/${s.id}`);
      return ok();
    });
    const { user } = renderRoutes(pages, '/settings/sessions');
    await user.click(await screen.findByRole('button', { name: 'End session: Safari on iOS' }));
    const dialog = await screen.findByRole('dialog', { name: 'End this session?' });
    expect(dialog).toHaveAccessibleDescription('Safari on iOS will be signed out and need the password to sign in again.');
    expect(net.sent(calls.endSession)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(net.sent(calls.endSession)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'End session: Safari on iOS' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'End this session?' })).getByRole('button', { name: 'End session' }));
    expect(await screen.findByText('Session ended')).toBeInTheDocument();
    expect(net.sent(calls.endSession).map((r) => r.path)).toEqual(['/auth/api/sessions/phone-1']);
    await vi.waitFor(() => expect(screen.queryByText('Safari on iOS')).toBeNull());
    await vi.waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Active sessions' })).toHaveFocus());
  });

  it('signs out all other sessions after the confirmation and says when only this device is left', async () => {
    let live = sessions;
    net.on(calls.listSessions, () => ok({ sessions: live }));
    net.on(calls.endOtherSessions, () => {
      live = live.filter((s) => s.current);
      return ok({ ended: 2 });
    });
    const { user } = renderRoutes(pages, '/settings/sessions');
    await user.click(await screen.findByRole('button', { name: 'Sign out all other sessions' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out all other sessions?' });
    await user.click(within(dialog).getByRole('button', { name: 'Sign out all other sessions' }));
    expect(await screen.findByText('Other sessions signed out')).toBeInTheDocument();
    expect(await screen.findByText('No other sessions')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign out all other sessions' })).toBeNull();
    expect(net.sent(calls.endOtherSessions)).toHaveLength(1);
  });

  it('shows loading, then an error with a retry that loads the list', async () => {
    let failing = true;
    net.on(calls.listSessions, () => (failing ? fail('Server error', 500) : ok({ sessions })));
    const { user } = renderRoutes(pages, '/settings/sessions');
    expect(await screen.findByRole('status', { name: 'Loading...' })).toBeInTheDocument();
    expect(await screen.findByRole('alert')).toHaveTextContent('Unable to load your sessions');
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Active sessions' })).toBeInTheDocument();
  });
});
