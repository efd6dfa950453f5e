import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { calls } from '@tapcard/shared/contract';
import { networkForEachTest } from '../../test/each-test.js';
import { LocationProbe, renderRoutes } from '../../test/render.js';
import { ResetPasswordPage } from './routes.js';

const pages = [
  { path: '/reset-password/:token', Component: ResetPasswordPage },
  { path: '/forgot-password', element: <LocationProbe label="forgot password page" /> },
];

const net = networkForEachTest('signed-out');

describe('a used or expired reset link', () => {
  it('says so and offers to send a new link', async () => {
    net.on(calls.resetPassword, {
      status: 400,
      json: { success: 'false', message: 'This reset link is invalid or has expired', data: null, errors: [{ field: 'token', message: 'This reset link is invalid or has expired' }] },
    });
    const { user } = renderRoutes(pages, '/reset-password/used-token/');
    await user.type(await screen.findByLabelText('New Password'), 'Secret#123');
    await user.type(screen.getByLabelText('Confirm Password'), 'Secret#123');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));

    expect(await screen.findByText('This reset link is invalid or has expired', { selector: '[role="alert"] p' })).toBeInTheDocument();
    // Typing the password again cannot help: the form gives way to a new link.
    expect(screen.queryByLabelText('New Password')).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Send a new link' }));
    expect(await screen.findByText(/forgot password page/)).toBeInTheDocument();
  });
});
