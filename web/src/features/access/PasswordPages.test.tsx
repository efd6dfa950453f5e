import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { calls } from '@tapcard/shared/contract';
import { fail, ok } from '../../test/network.js';
import { networkForEachTest } from '../../test/each-test.js';
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
  await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
  await user.click(screen.getByRole('button', { name: 'Send Email' }));
}

async function resetPassword() {
  const { user } = renderRoutes(pages, '/reset-password/tok123/');
  await user.type(await screen.findByLabelText('New Password'), 'Secret#123');
  await user.type(screen.getByLabelText('Confirm Password'), 'Secret#123');
  await user.click(screen.getByRole('button', { name: 'Reset Password' }));
}

describe('forgot password', () => {
  it('checks the email', async () => {
    const { user } = renderRoutes(pages, '/forgot-password');
    await user.click(await screen.findByRole('button', { name: 'Send Email' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'nope');
    await user.click(screen.getByRole('button', { name: 'Send Email' }));
    expect(await screen.findByText('Email is not valid')).toBeInTheDocument();
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
    await user.click(await screen.findByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(screen.getByText('Confirm your password')).toBeInTheDocument();
    await user.type(screen.getByLabelText('New Password'), 'abcdefgh');
    await user.type(screen.getByLabelText('Confirm Password'), 'abcdefgx');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('Password must contain at least 1 uppercase letter')).toBeInTheDocument();
    expect(screen.getByText('Passwords must match')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('New Password'));
    await user.type(screen.getByLabelText('New Password'), 'Abcdefgh');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('At least 1 number or special character (@,!,#, etc).')).toBeInTheDocument();
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
