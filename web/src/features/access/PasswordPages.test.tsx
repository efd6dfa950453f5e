import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { calls } from '@tapcard/shared/contract';
import { fail, ok } from '../../test/network.js';
import { networkForEachTest } from '../../test/each-test.js';
import { submitAndExpect, typeInto } from '../../test/forms.js';
import { LocationProbe, renderRoutes } from '../../test/render.js';
import { ForgotPasswordPage, ResetPasswordPage } from './routes.js';

const pages = [
  { path: '/forgot-password', Component: ForgotPasswordPage },
  { path: '/reset-password/:token', Component: ResetPasswordPage },
  { path: '/login', element: <LocationProbe label="login page" /> },
];

const net = networkForEachTest('signed-out');

async function sendResetEmail() {
  const { user } = renderRoutes(pages, '/forgot-password');
  await typeInto(user, { Email: 'ada@example.com' });
  await user.click(screen.getByRole('button', { name: 'Send Email' }));
}

async function resetPassword() {
  const { user } = renderRoutes(pages, '/reset-password/tok123/');
  await typeInto(user, { 'New Password': 'Secret#123', 'Confirm Password': 'Secret#123' });
  await user.click(screen.getByRole('button', { name: 'Reset Password' }));
}

describe('forgot password', () => {
  it('checks the email', async () => {
    const { user } = renderRoutes(pages, '/forgot-password');
    await submitAndExpect(user, 'Send Email', 'Email is required');
    await typeInto(user, { Email: 'nope' });
    await submitAndExpect(user, 'Send Email', 'Email is not valid');
    expect(net.sent(calls.forgotPassword)).toHaveLength(0);
  });

  it("sends the email, toasts 'Sending mail...' then 'Mail sent successfully!' and goes to login", async () => {
    net.on(calls.forgotPassword, ok());
    await sendResetEmail();
    expect(await screen.findByText('Mail sent successfully!')).toBeInTheDocument();
    expect(await screen.findByText(/login page/)).toBeInTheDocument();
    expect(net.sent(calls.forgotPassword)[0]?.body).toEqual({ email: 'ada@example.com' });
  });

  it("toasts 'Unable to send mail!' on failure", async () => {
    net.on(calls.forgotPassword, fail('Too many requests', 429));
    await sendResetEmail();
    expect(await screen.findByText('Sending mail...')).toBeInTheDocument();
    expect(await screen.findByText('Unable to send mail!')).toBeInTheDocument();
    expect(screen.queryByText(/login page/)).not.toBeInTheDocument();
  });
});

describe('reset password', () => {
  it('shows the new-password messages', async () => {
    const { user } = renderRoutes(pages, '/reset-password/tok123/');
    await submitAndExpect(user, 'Reset Password', 'Password must be at least 8 characters', 'Confirm your password');
    await typeInto(user, { 'New Password': 'abcdefgh', 'Confirm Password': 'abcdefgx' });
    await submitAndExpect(user, 'Reset Password', 'Password must contain at least 1 uppercase letter', 'Passwords must match');
    await user.clear(screen.getByLabelText('New Password'));
    await typeInto(user, { 'New Password': 'Abcdefgh' });
    await submitAndExpect(user, 'Reset Password', 'At least 1 number or special character (@,!,#, etc).');
    expect(net.sent(calls.resetPassword)).toHaveLength(0);
  });

  it('sends password, confirm_password and the token of the path, then goes to login', async () => {
    net.on(calls.resetPassword, ok());
    await resetPassword();
    expect(await screen.findByText('Password reset successfully!')).toBeInTheDocument();
    expect(await screen.findByText(/login page/)).toBeInTheDocument();
    expect(net.sent(calls.resetPassword)[0]?.body).toEqual({ password: 'Secret#123', confirm_password: 'Secret#123', token: 'tok123' });
  });

  it("toasts 'Unable to reset Password!' on failure", async () => {
    net.on(calls.resetPassword, fail('This reset link is invalid or has expired'));
    await resetPassword();
    expect(await screen.findByText('Resetting password...')).toBeInTheDocument();
    expect(await screen.findByText('Unable to reset Password!')).toBeInTheDocument();
  });
});
