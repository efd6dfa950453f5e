import { atom } from 'jotai';
import { z } from 'zod';
import type { AuthToken } from '@tapcard/shared/contract';
import { readStored, removeStored, writeStored } from '../../lib/storage.js';

/**
 * The wizard's state, persisted under the 'signupData' key after every change so a refresh
 * loses nothing. The password is never written to storage: it lives in memory only (passwordAtom) and
 * the wizard asks for it again when a reload has lost it.
 */
export const wizardSchema = z.object({
  card_id: z.string().default(''),
  type: z.string().default(''),
  iud: z.string().default(''),
  /** The scratch token, once confirmed with the server. */
  token: z.string().default(''),
  tokenConfirmed: z.boolean().default(false),
  email: z.string().default(''),
  emailVerified: z.boolean().default(false),
  /** The one-time ticket the email's verification handed out; sign-up presents it. */
  verificationTicket: z.string().default(''),
  user: z
    .object({
      name: z.string().default(''),
      auth_type: z.string().default('Email'),
      profile_image: z.string().nullable().default(null),
    })
    .prefault({}),
  /** Personal info, once that step is done. */
  card: z
    .object({ name: z.string(), subTitle: z.string(), phone: z.string(), description: z.string().default('') })
    .nullable()
    .default(null),
  /** The normalised socials, once that step is done (blank ones absent). */
  socials: z.record(z.string(), z.string()).nullable().default(null),
  image: z.object({ image: z.string(), name: z.string() }).nullable().default(null),
  /**
   * What each step's form holds as typed, by step, kept as it is typed so Back, Next and a reload lose
   * nothing (the password step has none: the password is never stored).
   */
  drafts: z.record(z.string(), z.record(z.string(), z.string())).default({}),
});
export type Wizard = z.infer<typeof wizardSchema>;

export const emptyWizard = (): Wizard => wizardSchema.parse({});

export const wizardAtom = atom<Wizard>(emptyWizard());
/** In memory only. */
export const passwordAtom = atom<string | null>(null);
/** The session sign-up returned, kept until create-card succeeds, so a retry does not sign up twice. */
export const signupSessionAtom = atom<AuthToken | null>(null);

/** Why the email step was shown again (sign-up refused the verification ticket): shown under the email field. */
export const emailRefusalAtom = atom<string | null>(null);

/** Set once the account exists, so the wizard's guard does not send the person back while connect loads. */
export const completedAtom = atom(false);

/** Merges a change into the wizard and writes it through to storage. */
export const updateWizardAtom = atom(null, (get, set, patch: Partial<Wizard>) => {
  const next = { ...get(wizardAtom), ...patch };
  set(wizardAtom, next);
  writeStored('signupData', next);
});

/** Keeps what a step's form holds as typed (see `drafts`). */
export const updateDraftAtom = atom(null, (get, set, step: string, values: Record<string, string>) => {
  set(updateWizardAtom, { drafts: { ...get(wizardAtom).drafts, [step]: values } });
});

/** Forgets the wizard (after the account exists). */
export const resetWizardAtom = atom(null, (_get, set) => {
  set(wizardAtom, emptyWizard());
  set(passwordAtom, null);
  set(signupSessionAtom, null);
  removeStored('signupData');
});

/** What the social sign-in callback hands over to prefill a new account. */
export interface Prefill {
  email?: string;
  name?: string;
  profile_image?: string | null;
  auth_type?: string;
  token?: string | null;
  /** The ticket the callback handed out for the provider-verified email. */
  verification_ticket?: string;
}

function asPrefill(state: unknown): Prefill | null {
  const prefill = (state as { prefill?: unknown } | null)?.prefill;
  return typeof prefill === 'object' && prefill !== null ? (prefill as Prefill) : null;
}

/**
 * The wizard as the onboarding finds it on entry: the stored state, restarted when the query names
 * another card, with the query's id, type and iud and any social sign-in prefill applied.
 */
export function wizardOnEntry(query: URLSearchParams, locationState: unknown): { wizard: Wizard; restarted: boolean } {
  const stored = readStored('signupData', wizardSchema) ?? emptyWizard();
  const cardId = query.get('id') ?? '';
  const restarted = cardId !== '' && stored.card_id !== '' && stored.card_id !== cardId;
  let wizard = restarted ? emptyWizard() : stored;
  if (cardId !== '') wizard = { ...wizard, card_id: cardId, type: query.get('type') ?? wizard.type, iud: query.get('iud') ?? wizard.iud };
  const prefill = asPrefill(locationState);
  if (prefill) {
    const authType = prefill.auth_type ?? 'Email';
    wizard = {
      ...wizard,
      email: prefill.email?.toLowerCase() ?? wizard.email,
      // A provider's address is already verified.
      emailVerified: authType !== 'Email' && Boolean(prefill.email) && Boolean(prefill.verification_ticket),
      verificationTicket: prefill.verification_ticket ?? '',
      token: prefill.token ?? wizard.token,
      user: { name: prefill.name ?? wizard.user.name, auth_type: authType, profile_image: prefill.profile_image ?? wizard.user.profile_image },
      // The provider's photo counts as chosen; the person may still change it.
      image: prefill.profile_image ? { image: prefill.profile_image, name: 'profile-image' } : wizard.image,
    };
  }
  return { wizard, restarted };
}
