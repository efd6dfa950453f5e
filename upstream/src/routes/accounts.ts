import type { FastifyInstance, FastifyRequest } from 'fastify';
import { EMAIL_CODE_LENGTH, EMAIL_CODE_TTL_MS, LIMITS, RESET_TOKEN_TTL_MS } from '@tapcard/shared/constants';
import { calls } from '@tapcard/shared/contract';
import { pages } from '@tapcard/shared/pages';
import { messages } from '@tapcard/shared/rules';
import { clientKey } from '../lib/client-address.js';
import { hashPassword, hashToken, randomDigits, randomId, randomToken, safeEqual, verifyPassword } from '../lib/crypto.js';
import { badRequest, conflict, unauthorised } from '../lib/http-error.js';
import { route } from '../lib/route.js';
import { passwordResetMail, signUpCodeMail } from '../mail/account-mails.js';
import { decoy, normaliseEmail } from '../domain/accounts.js';
import { requireNewCardWithToken } from '../domain/card-tokens.js';
import { createSession } from '../domain/sessions.js';
import {
  accountNameOf,
  cardOfUser,
  insertPasswordReset,
  insertUser,
  liveEmailCodes,
  passwordHashOf,
  passwordResetByHash,
  setPasswordEndingSessions,
  storeEmailCode,
  takeVerificationTicket,
  useEmailCode,
  userByEmail,
  userEmailById,
  usePasswordReset,
  verificationTicketLive,
} from '../repositories/accounts.js';

/** The failure texts the web shows as they are. */
export const LOGIN_FAILED = messages.loginFailed;

/** How long a verified email (with the ticket its verification handed out) may be used to sign up. */
export const VERIFIED_EMAIL_TTL_MS = 60 * 60 * 1000;

export default async function accountsRoutes(app: FastifyInstance): Promise<void> {
  /** Counts one lookup from the client's address; 429 once over LIMITS.emailLookup. */
  async function countLookup(request: FastifyRequest): Promise<void> {
    await app.throttle.attempt(`email-lookup:ip:${clientKey(request)}`, LIMITS.emailLookup);
  }

  /**
   * Counts one mail to `email` asked for by the client: from an unknown device LIMITS.emailSend per
   * address, then the email's LIMITS.emailSendCeiling, so a stranger cannot use up the owner's mails;
   * from `device` (known for the email's account or sign-up) its own LIMITS.emailSendDevice, so a flood
   * from strangers leaves the owner's device its mails. 429 once over.
   */
  async function countSend(kind: 'email-send' | 'reset-send', email: string, request: FastifyRequest, device: string | null): Promise<void> {
    const limits = { perAddress: LIMITS.emailSend, ceiling: LIMITS.emailSendCeiling, perDevice: LIMITS.emailSendDevice };
    // Anyone may start a sign-up and so hold a sign-up credential: those devices share a ceiling of their own.
    const deviceCeiling = kind === 'email-send' ? { deviceCeiling: LIMITS.emailSendCeiling } : {};
    await app.throttle.guessAs(`${kind}:${email}`, { address: clientKey(request), device }, { ...limits, ...deviceCeiling });
  }

  /**
   * Sign-up and create-user need the ticket the email's verification handed out (within
   * VERIFIED_EMAIL_TTL_MS): knowing an address someone is verifying is not enough to take it. A
   * missing, wrong, used or expired ticket gets one answer, so it tells nothing about the email.
   */
  const ticketRefused = () => badRequest(messages.verifyEmailAgain, 'verification_ticket');
  async function requireVerificationTicket(email: string, ticket: string): Promise<void> {
    if (!(await verificationTicketLive(app.db, email, hashToken(ticket), app.now()))) throw ticketRefused();
  }

  async function requireNoAccount(email: string): Promise<void> {
    if (await userByEmail(app.db, email)) throw conflict('An account with this email already exists. Please log in.');
  }

  // ── Email verification ──────────────────────────────────────────────────
  route(app, calls.verifyMail)(async ({ body, request, reply }) => {
    await countLookup(request);
    const email = normaliseEmail(body.email);
    if (await userByEmail(app.db, email)) throw conflict('An account with this email already exists. Please log in.');
    // The device that started this email's sign-up before asks again from a budget of its own.
    await countSend('email-send', email, request, app.devices.known(request, { signUp: email }));

    const now = app.now();
    const code = randomDigits(EMAIL_CODE_LENGTH);
    // The code is this device's: its sign-up entry names it, and others' requests leave it live.
    const device = app.devices.issue(request, reply, { signUp: email });
    await storeEmailCode(app.db, { id: randomId(), email, code_hash: hashToken(code), expires_at: new Date(now.getTime() + EMAIL_CODE_TTL_MS), device }, now);
    const minutes = Math.round(EMAIL_CODE_TTL_MS / 60_000);
    // Queued: a failed SMTP attempt is retried in the background, so the answer is the same either way.
    await app.mailer.send({ to: email, ...signUpCodeMail({ code, minutes }) });
    return { success: 'true', message: 'Verification code sent' };
  });

  route(app, calls.verifyCode)(async ({ body, request }) => {
    const email = normaliseEmail(body.email);
    // Counted before the code is looked at: only guesses within the limits are compared. The device
    // that asked for a code for this email spends its own budget; others the email's, which strangers can fill.
    const device = app.devices.known(request, { signUp: email });
    const guess = await app.throttle.guessAs(`email-code:${email}`, { address: clientKey(request), device }, { perAddress: LIMITS.emailCode, ceiling: LIMITS.emailCodeCeiling, perDevice: LIMITS.emailCodeDevice });
    const now = app.now();
    const candidates = await liveEmailCodes(app.db, email, now, device);
    const given = hashToken(body.token);
    const match = candidates.find((c) => safeEqual(c.code_hash, given));
    if (!match) throw badRequest('The code is wrong or has expired', 'token');
    const ticket = randomToken();
    const used = await useEmailCode(app.db, match.id, email, now, { until: new Date(now.getTime() + VERIFIED_EMAIL_TTL_MS), ticketHash: hashToken(ticket) });
    if (!used) throw badRequest('The code is wrong or has expired', 'token');
    await guess.succeeded();
    return { success: 'true', message: 'Email verified', data: { verification_ticket: ticket } };
  });

  // ── Accounts ────────────────────────────────────────────────────────────
  route(app, calls.signUp)(async ({ body, request, reply }) => {
    const email = normaliseEmail(body.user.email);
    await requireVerificationTicket(email, body.verification_ticket);
    await requireNoAccount(email);
    // The card must be a new one and the scratch token its own (throttled like confirm-token).
    await requireNewCardWithToken(app, request, body.card_id, body.token);

    const now = app.now();
    const passwordHash = await hashPassword(body.user.password, app.config.passwordHashCost);
    const id = randomId();
    const session = await app.db.transaction().execute(async (trx) => {
      // Used inside the account's transaction: one ticket makes at most one account.
      if (!(await takeVerificationTicket(trx, email, hashToken(body.verification_ticket), now))) throw ticketRefused();
      const inserted = await insertUser(trx, {
        id,
        email,
        name: body.user.name,
        password_hash: passwordHash,
        auth_type: body.user.auth_type,
        image: body.user.profile_image || body.image?.image || null,
        description: body.card.description.trim(),
        created_at: now,
      });
      if (!inserted) throw conflict('An account with this email already exists. Please log in.');
      return createSession(trx, id, now, request);
    });
    app.devices.issue(request, reply, { account: id });
    return { success: 'true', message: 'Account created', data: session };
  });

  route(app, calls.createUser)(async ({ body, request, reply }) => {
    const email = normaliseEmail(body.email);
    await requireVerificationTicket(email, body.verification_ticket);
    await requireNoAccount(email);
    const now = app.now();
    const passwordHash = await hashPassword(body.password, app.config.passwordHashCost);
    const id = randomId();
    const session = await app.db.transaction().execute(async (trx) => {
      // Used inside the account's transaction: one ticket makes at most one account.
      if (!(await takeVerificationTicket(trx, email, hashToken(body.verification_ticket), now))) throw ticketRefused();
      const inserted = await insertUser(trx, { id, email, name: body.name, password_hash: passwordHash, auth_type: body.auth_type, image: null, description: '', created_at: now });
      if (!inserted) throw conflict('An account with this email already exists. Please log in.');
      return createSession(trx, id, now, request);
    });
    app.devices.issue(request, reply, { account: id });
    return { success: 'true', message: 'Account created', data: session };
  });

  route(app, calls.hasEmail)(async ({ body, request }) => {
    await countLookup(request);
    const exists = Boolean(await userByEmail(app.db, normaliseEmail(body.email)));
    return { success: 'true', data: { exists } };
  });

  route(app, calls.userProfile)(async ({ user }) => {
    const profile = await cardOfUser(app.db, user.id);
    return {
      success: 'true',
      data: {
        id: user.id,
        name: user.name,
        email: user.email,
        image: profile?.image ?? user.image,
        description: profile?.description || user.description,
        card_url: profile ? pages.cardConnect(profile.link) : null,
      },
    };
  });

  // ── Login and passwords ─────────────────────────────────────────────────
  route(app, calls.login)(async ({ body, request, reply }) => {
    const email = normaliseEmail(body.email);
    const user = await userByEmail(app.db, email);
    // A device that signed in to this account before spends its own budget; any other spends the
    // account's, which strangers can fill. Counted before the password is checked: only guesses within
    // the limits are evaluated.
    const device = user ? app.devices.known(request, { account: user.id }) : null;
    const guess = await app.throttle.guessAs(`login:${email}`, { address: clientKey(request), device }, { perAddress: LIMITS.login, ceiling: LIMITS.loginCeiling, perDevice: LIMITS.loginDevice });
    // An unknown email costs the same scrypt work as a wrong password and gets the same answer.
    const ok = await verifyPassword(body.password, user?.password_hash ?? (await decoy(app.config.passwordHashCost)));
    if (!user || !ok) throw unauthorised(LOGIN_FAILED);
    await guess.succeeded();
    app.devices.issue(request, reply, { account: user.id });
    const session = await createSession(app.db, user.id, app.now(), request);
    return { success: 'true', message: 'Logged in', data: session };
  });

  route(app, calls.forgotPassword)(async ({ body, request }) => {
    const email = normaliseEmail(body.email);
    const user = await userByEmail(app.db, email);
    // Counted for every email, known or not, so the limit reveals nothing either (only a device that
    // signed in to the account, and so knows it exists, spends a budget of its own).
    await countSend('reset-send', email, request, user ? app.devices.known(request, { account: user.id }) : null);
    if (user) {
      const now = app.now();
      const token = randomToken();
      await insertPasswordReset(app.db, { token_hash: hashToken(token), user_id: user.id, expires_at: new Date(now.getTime() + RESET_TOKEN_TTL_MS) }, now);
      const minutes = Math.round(RESET_TOKEN_TTL_MS / 60_000);
      const name = (await accountNameOf(app.db, user.id)) ?? user.name;
      await app.mailer.send({ to: email, ...passwordResetMail({ name, link: `${app.config.publicUrl}${pages.resetPassword(token)}`, minutes }) });
    }
    return { success: 'true', message: 'If an account exists for this email, a reset link has been sent to it.' };
  });

  route(app, calls.resetPassword)(async ({ body, request, reply }) => {
    const now = app.now();
    const tokenHash = hashToken(body.token);
    const reset = await passwordResetByHash(app.db, tokenHash);
    const invalid = () => badRequest('This reset link is invalid or has expired', 'token');
    if (!reset || reset.used_at !== null || reset.expires_at <= now) throw invalid();
    const passwordHash = await hashPassword(body.password, app.config.passwordHashCost);
    if (!(await usePasswordReset(app.db, tokenHash, reset.user_id, passwordHash, now))) throw invalid();
    const userEmail = await userEmailById(app.db, reset.user_id);
    // The owner proved their mailbox: guesses at the account from every address are forgotten, and
    // this device is known for the account from now on.
    if (userEmail) await app.throttle.forget(`login:${userEmail}`);
    app.devices.issue(request, reply, { account: reset.user_id });
    return { success: 'true', message: 'Password reset' };
  });

  route(app, calls.changePassword)(async ({ body, user }) => {
    // A wrong current password is a guess at the account's password: counted per account before it is
    // checked, so a burst of parallel guesses gets no more evaluated than the limit.
    const key = `change-password:${user.id}`;
    await app.throttle.attempt(key, LIMITS.login);
    const currentHash = await passwordHashOf(app.db, user.id);
    if (!(await verifyPassword(body.current_password, currentHash))) throw badRequest(messages.currentPasswordWrong, 'current_password');
    const passwordHash = await hashPassword(body.password, app.config.passwordHashCost);
    // Every session ends, this one too: the web sends the owner to log in again.
    await app.db.transaction().execute((trx) => setPasswordEndingSessions(trx, user.id, passwordHash, app.now()));
    // The guesses were at the old password.
    await app.throttle.reset(key);
    return { success: 'true', message: 'Password updated' };
  });
}
