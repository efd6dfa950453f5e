import { z } from 'zod';
import {
  activationTokenSchema,
  changePasswordSchema,
  emailCodeSchema,
  forgotPasswordSchema,
  loginSchema,
  lowercaseEmailSchema,
  messages,
  newPasswordSchema,
  ownImageSchema,
  profileSchema,
  quickLinkFieldSchema,
  requiredString,
  resetPasswordSchema,
  verifyMailSchema,
} from '../rules/index.js';
import { call, cardIdentity, id, type CallFactories } from './core.js';
import { failureSchema, plainAnswerSchema, wireData } from './envelope.js';
import { authTokenSchema, sessionInfoSchema, userProfileSchema } from './entities.js';

/**
 * Accounts: verifying an email, signing up, signing in (with a password or the social provider),
 * passwords, and the signed-in person's sessions.
 */

/** A new account's email, password and name, with their required messages (sign-up and create-user). */
const newAccountShape = {
  email: lowercaseEmailSchema,
  password: newPasswordSchema.shape.password,
  name: requiredString(messages.nameRequired),
};

/** The onboarding wizard's whole state, as sign-up and create-card take it. */
export const signupPayloadSchema = cardIdentity.extend({
  token: activationTokenSchema.shape.token,
  user: z.object({
    ...newAccountShape,
    auth_type: z.string().min(1),
    profile_image: ownImageSchema.nullable().optional(),
  }),
  card: z.object({
    name: profileSchema.shape.name,
    subTitle: profileSchema.shape.subTitle,
    phone: profileSchema.shape.phone,
    description: z.string().optional().default(''),
    fields: z.array(quickLinkFieldSchema).default([]),
  }),
  image: z.object({ image: ownImageSchema, name: z.string() }).nullable().optional(),
});
export type SignupPayload = z.infer<typeof signupPayloadSchema>;

/**
 * The one-time secret verifying an email hands out (verify-code, or the social sign-in callback for a
 * new person); sign-up and create-user take it, so only who verified the address can sign up with it.
 */
const verificationTicketSchema = requiredString(messages.verifyEmailAgain).pipe(z.string().max(128, messages.verifyEmailAgain));
const verificationTicketShape = { verification_ticket: verificationTicketSchema };

/** Sign-up: the wizard's state and the ticket of its email's verification. */
export const signUpBodySchema = signupPayloadSchema.extend(verificationTicketShape);
export type SignUpBody = z.infer<typeof signUpBodySchema>;

/** Built once each, on first use, in `calls`. */
export const accountCallFactories = {
  verifyMail: () => call({ method: 'POST', path: '/auth/public/api/verify-mail', auth: 'none', body: verifyMailSchema, answer: plainAnswerSchema }),
  verifyCode: () => call({
    method: 'POST',
    path: '/auth/public/api/verify-code',
    auth: 'none',
    body: emailCodeSchema,
    answer: wireData(z.object({ verification_ticket: z.string() })),
  }),
  signUp: () => call({ method: 'POST', path: '/auth/public/api/sign-up', auth: 'none', body: signUpBodySchema, answer: wireData(authTokenSchema) }),
  createUser: () => call({
    method: 'POST',
    path: '/auth/public/api/create-user',
    auth: 'none',
    body: z.object({ ...newAccountShape, auth_type: z.string().default('Email'), ...verificationTicketShape }),
    answer: wireData(authTokenSchema),
  }),
  hasEmail: () => call({ method: 'POST', path: '/auth/public/api/has-email', auth: 'none', body: verifyMailSchema, answer: wireData(z.object({ exists: z.boolean() })) }),
  userProfile: () => call({ method: 'GET', path: '/auth/public/api/user-profile', auth: 'bearer', answer: wireData(userProfileSchema) }),
  login: () => call({ method: 'POST', path: '/auth/public/api/login', auth: 'none', body: loginSchema, answer: wireData(authTokenSchema) }),
  googleLogin: () => call({
    method: 'GET',
    path: '/auth/public/google-login',
    auth: 'none',
    query: z.looseObject({ code: z.string().optional(), state: z.string().optional() }),
    answer: z.discriminatedUnion('success', [
      z.object({
        success: z.literal('true'),
        message: z.string().optional(),
        data: authTokenSchema.extend({ card_url: z.string().nullable() }).optional(),
        signup: z
          .object({
            card_id: z.string().nullable(),
            token: z.string().nullable(),
            type: z.string().nullable(),
            user: z.object({ email: z.string(), auth_type: z.string(), password: z.string(), name: z.string(), profile_image: z.string().nullable() }),
            verification_ticket: z.string(),
          })
          .optional(),
      }),
      failureSchema,
    ]),
  }),
  signInWithLogin: () => call({
    method: 'GET',
    path: '/auth/public/sign-in-with-login',
    auth: 'none',
    /** The card query (id, type) the login page was opened with, handed back to the callback for a new account. */
    query: z.object({ id: z.string().max(200).optional(), type: z.string().max(50).optional() }),
    answer: wireData(z.object({ url: z.string() })),
  }),
  /** The social sign-in provider's name; null: not configured, and the login page shows no button. */
  socialProvider: () => call({
    method: 'GET',
    path: '/auth/public/social-provider',
    auth: 'none',
    answer: wireData(z.object({ name: z.string().nullable() })),
  }),
  forgotPassword: () => call({ method: 'POST', path: '/auth/public/api/forgot-password', auth: 'none', body: forgotPasswordSchema, answer: plainAnswerSchema }),
  resetPassword: () => call({ method: 'POST', path: '/auth/public/api/reset-password', auth: 'none', body: resetPasswordSchema, answer: plainAnswerSchema }),
  changePassword: () => call({ method: 'POST', path: '/auth/api/change-password', auth: 'bearer', body: changePasswordSchema, answer: plainAnswerSchema }),
  logout: () => call({ method: 'POST', path: '/auth/api/logout', auth: 'bearer', answer: plainAnswerSchema }),
  /** sessions list (newest first) */
  listSessions: () => call({
    method: 'GET',
    path: '/auth/api/sessions',
    auth: 'bearer',
    answer: wireData(z.object({ sessions: z.array(sessionInfoSchema) })),
  }),
  endSession: () => call({
    method: 'DELETE',
    path: '/auth/api/sessions/:sessionId',
    auth: 'bearer',
    params: z.object({ sessionId: id }),
    answer: plainAnswerSchema,
  }),
  endOtherSessions: () => call({
    method: 'POST',
    path: '/auth/api/sessions/end-others',
    auth: 'bearer',
    answer: wireData(z.object({ ended: z.number().int().min(0) })),
  }),
} satisfies CallFactories;
