/** Email, login, activation token, passwords and the email verification code. */
import { z } from 'zod';
import { ACTIVATION_TOKEN_LENGTH, EMAIL_CODE_MIN_LENGTH, PASSWORD_MIN_LENGTH } from '../constants/index.js';
import { emailField, requiredString } from './fields.js';
import { messages } from './messages.js';

/** Email: required, trimmed, a valid address. */
export const emailSchema = emailField(messages.emailRequired, messages.emailInvalid);

/** The email typed at the get-code step, trimmed and lowercased. */
export const lowercaseEmailSchema = emailSchema.transform((email) => email.toLowerCase());

/** Login: both required; password at least PASSWORD_MIN_LENGTH. The password is not trimmed. */
export const loginSchema = z.object({
  email: emailSchema,
  password: z
    .string({ error: messages.passwordRequired })
    .min(1, messages.passwordRequired)
    .pipe(z.string().min(PASSWORD_MIN_LENGTH, messages.passwordMin)),
});
export type LoginValues = z.infer<typeof loginSchema>;

/** Scratch-off card token: exactly ACTIVATION_TOKEN_LENGTH word characters; one message for every failure. */
export const activationTokenSchema = z.object({
  token: z
    .string({ error: messages.tokenInvalid })
    .trim()
    .regex(new RegExp(`^\\w{${ACTIVATION_TOKEN_LENGTH}}$`), messages.tokenInvalid),
});
export type ActivationTokenValues = z.infer<typeof activationTokenSchema>;

/**
 * New password. All failing rules are reported (a form may list them), except that a blank password
 * reports only the minimum length. "A letter followed by a number or special character" is read as
 * "contains at least one character that is neither a letter nor whitespace", wherever it stands.
 */
const newPasswordField = z
  .string({ error: messages.passwordMin })
  .min(1, messages.passwordMin)
  .pipe(
    z
      .string()
      .min(PASSWORD_MIN_LENGTH, messages.passwordMin)
      .regex(/[a-z]/, messages.passwordLowercase)
      .regex(/[A-Z]/, messages.passwordUppercase)
      .regex(/[^A-Za-z\s]/, messages.passwordNumberOrSpecial),
  );

const newPasswordShape = {
  password: newPasswordField,
  confirm_password: z
    .string({ error: messages.confirmPasswordRequired })
    .min(1, messages.confirmPasswordRequired),
};

/** Adds the "confirm must match" rule under confirm_password; it runs whatever the other fields say. */
const withPasswordMatch = <T extends z.ZodObject<typeof newPasswordShape & z.ZodRawShape>>(schema: T) =>
  schema.refine((values) => values.password === values.confirm_password, {
    error: messages.passwordsMustMatch,
    path: ['confirm_password'],
    when: (payload) => {
      const value = payload.value as { password?: unknown; confirm_password?: unknown } | null;
      return (
        typeof value?.password === 'string' &&
        typeof value.confirm_password === 'string' &&
        value.confirm_password !== ''
      );
    },
  });

export const newPasswordSchema = withPasswordMatch(z.object(newPasswordShape));
export type NewPasswordValues = z.infer<typeof newPasswordSchema>;

/** Reset password: the new password plus the token of the reset link. */
export const resetPasswordSchema = withPasswordMatch(
  z.object({ ...newPasswordShape, token: requiredString(messages.tokenInvalid) }),
);
export type ResetPasswordValues = z.infer<typeof resetPasswordSchema>;

/**
 * Change password (signed in): the current password (required, not trimmed: the upstream checks it
 * against the account's) and the same rules as a new password.
 */
export const changePasswordSchema = withPasswordMatch(
  z.object({
    current_password: z.string({ error: messages.currentPasswordRequired }).min(1, messages.currentPasswordRequired),
    ...newPasswordShape,
  }),
);
export type ChangePasswordValues = z.infer<typeof changePasswordSchema>;

export const forgotPasswordSchema = z.object({ email: emailSchema });
export type ForgotPasswordValues = z.infer<typeof forgotPasswordSchema>;

/** Get-code step: the email is trimmed and lowercased. */
export const verifyMailSchema = z.object({ email: lowercaseEmailSchema });
export type VerifyMailValues = z.infer<typeof verifyMailSchema>;

/** Verify-code step: the same (lowercased) email and the numeric code, at least EMAIL_CODE_MIN_LENGTH digits. */
export const emailCodeSchema = z.object({
  email: lowercaseEmailSchema,
  token: requiredString(messages.codeRequired)
    .pipe(z.string().regex(/^\d+$/, messages.codeNumeric))
    .pipe(z.string().min(EMAIL_CODE_MIN_LENGTH, messages.codeMin)),
});
export type EmailCodeValues = z.infer<typeof emailCodeSchema>;
