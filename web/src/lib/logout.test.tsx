import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { calls } from '@tapcard/shared/contract';
import { ok } from '../test/network.js';
import { networkForEachTest } from '../test/each-test.js';
import { LocationProbe, renderRoutes, TEST_TOKEN } from '../test/render.js';
import { LOGGED_OUT, useLogout } from './logout.js';
import { currentAuthorization } from './session.js';

function LogoutButton() {
  const logout = useLogout();
  return (
    <button type="button" onClick={logout}>
      Logout
    </button>
  );
}

const pages = [
  { path: '/connect', element: <LogoutButton /> },
  { path: '/login', element: <LocationProbe label="login page" /> },
  { path: '/error/no-internet', element: <LocationProbe label="no internet page" /> },
];

const net = networkForEachTest('signed-in');

describe('logout', () => {
  it('ends the session on the server with its own token, then signs out here', async () => {
    net.on(calls.logout, ok());
    const { user, router } = renderRoutes(pages, '/connect');
    await user.click(await screen.findByRole('button', { name: 'Logout' }));
    expect(await screen.findByText(LOGGED_OUT)).toBeInTheDocument();
    expect(await screen.findByText(/login page/)).toBeInTheDocument();
    expect(router.state.historyAction).toBe('REPLACE');
    const sent = net.sent(calls.logout);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.headers.get('Authorization')).toBe(TEST_TOKEN);
    expect(currentAuthorization()).toBeNull();
  });

  it('still signs out here and goes to login when the network fails', async () => {
    net.goOffline();
    const { user } = renderRoutes(pages, '/connect');
    await user.click(await screen.findByRole('button', { name: 'Logout' }));
    expect(await screen.findByText(LOGGED_OUT)).toBeInTheDocument();
    expect(await screen.findByText(/login page/)).toBeInTheDocument();
    expect(net.sent(calls.logout)).toHaveLength(1);
    expect(currentAuthorization()).toBeNull();
    // The failed call never takes the user to the no-internet page afterwards.
    await Promise.allSettled(net.fetch.mock.results.map((result) => result.value as Promise<Response>));
    expect(screen.queryByText(/no internet page/)).toBeNull();
    expect(screen.getByText(/login page/)).toBeInTheDocument();
  });
});
