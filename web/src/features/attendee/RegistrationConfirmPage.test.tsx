import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { calls } from '@tapcard/shared/contract';
import { paths, routes } from '../../lib/paths.js';
import { TID } from '../../test/event-fixtures.js';
import { fail, mockNetwork } from '../../test/network.js';
import { LocationProbe, renderRoutes } from '../../test/render.js';
import { RegistrationConfirmPage } from './RegistrationConfirmPage.js';

const TOKEN = 'confirm-Token_0123456789abcdefghij';
const routeObjects = [
  { path: routes.eventConfirm, element: <RegistrationConfirmPage /> },
  { path: routes.eventToken, element: <LocationProbe label="token page" /> },
];


describe('registration confirmation page', () => {
  it('confirms the emailed link once and goes to the access (token) page', async () => {
    const network = mockNetwork();
    network.on(calls.confirmRegistration, { status: 200, json: { success: 'true', message: 'Your event access has been sent to your email.', link: paths.eventToken(TID) } });
    renderRoutes(routeObjects, paths.eventConfirm(TOKEN));
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(await screen.findByTestId('location')).toHaveTextContent(`token page ${paths.eventToken(TID)}`);
    expect(network.sent(calls.confirmRegistration).map((r) => r.body)).toEqual([{ token: TOKEN }]);
  });

  it.each([
    ['has expired', 410, 'This confirmation link has expired. Please register again.', 'We could not confirm your registration'],
    ['was used already', 409, 'Your event access has been sent to your email.', 'Registration already confirmed'],
  ])('says when the link %s, with the way home', async (_case, status, message, heading) => {
    const network = mockNetwork();
    network.on(calls.confirmRegistration, fail(message, status));
    renderRoutes(routeObjects, paths.eventConfirm(TOKEN));
    expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('href', routes.home);
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
  });
});
