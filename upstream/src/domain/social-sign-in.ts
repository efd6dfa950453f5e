import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as oidc from 'openid-client';
import type { Kysely } from 'kysely';
import { MAX_UPLOAD_BYTES } from '@tapcard/shared/constants';
import { pagePatterns } from '@tapcard/shared/pages';
import type { OidcConfig } from '../config.js';
import type { Database } from '../db/schema.js';
import { hashToken, randomId, randomToken } from '../lib/crypto.js';
import { makeVariants, type Variants } from '../lib/image-variants.js';
import { sniffImage, storeUpload } from '../lib/multipart.js';
import { markEmailVerified, userByEmail } from '../repositories/accounts.js';
import { linkSocialIdentity, storeSignInStart, takeSignInStart, userBySocialIdentity } from '../repositories/social-sign-in.js';
import { normaliseEmail } from './accounts.js';

/**
 * Social sign-in over OpenID Connect with a certified relying-party library (openid-client):
 * discovery from the issuer URL, the authorisation code flow with PKCE (S256), and the state and
 * nonce checks. What a started sign-in must remember lives in the database (social_sign_ins), keyed
 * by the hash of its state and taken out of the table by the callback in one statement, so a state
 * and the code that came back with it work once, however many callbacks race.
 */

/** How long a person has at the provider before the started sign-in is forgotten. */
export const SIGN_IN_TTL_MS = 10 * 60_000;
/** How long a provider-vouched email counts as verified for the sign-up that follows. */
export const PROVIDER_VERIFIED_EMAIL_TTL_MS = 60 * 60_000;
/** How long fetching the provider's picture may take before the account goes on without it. */
export const PICTURE_TIMEOUT_MS = 5_000;
/** What the login page and the callback say when no provider is configured. */
export const SOCIAL_NOT_CONFIGURED = 'Social sign-in is not configured on this server';

/** A refused sign-in; `reason` is logged, the person sees only the spec's failure text. */
export class SocialSignInError extends Error {}

/** The card query the login page was opened with (a new card's owner lands on its steps). */
export interface CardQuery {
  id?: string | undefined;
  type?: string | undefined;
}

/** What the callback leads to: an account to sign in, or the prefill of a new account's sign-up. */
export type SignInOutcome =
  | { kind: 'existing'; userId: string; linked: boolean }
  | {
      kind: 'new';
      email: string;
      name: string;
      picture: string | null;
      cardId: string | null;
      cardType: string | null;
      pictureProblem: string | null;
      /** The one-time ticket the sign-up that follows presents (only its hash is stored). */
      verificationTicket: string;
    };

interface ProviderProfile {
  issuer: string;
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
  picture: string | null;
}

export class SocialSignIn {
  private discovered: Promise<oidc.Configuration> | null = null;

  constructor(
    readonly config: OidcConfig,
    /** Our page the provider sends the person back to (the redirect_uri registered with the provider). */
    readonly redirectUri: string,
    /** Where the provider's picture of a new person is copied to (the uploads). */
    private readonly uploadDir: string,
  ) {}

  /** Plain http only for an http:// issuer (a provider on this machine in the tests); never for https. */
  private get insecure(): boolean {
    return new URL(this.config.issuerUrl).protocol === 'http:';
  }

  get providerName(): string {
    return this.config.providerName;
  }

  /** The provider's configuration, discovered once; a failed discovery is tried again on the next use. */
  private configuration(): Promise<oidc.Configuration> {
    this.discovered ??= oidc
      .discovery(
        new URL(this.config.issuerUrl),
        this.config.clientId,
        this.config.clientSecret,
        undefined,
        this.insecure ? { execute: [oidc.allowInsecureRequests] } : undefined,
      )
      .catch((error: unknown) => {
        this.discovered = null;
        throw error;
      });
    return this.discovered;
  }

  /** Starts a sign-in: remembers its state, nonce and PKCE verifier and answers the provider's authorisation URL. */
  async start(db: Kysely<Database>, now: Date, card: CardQuery): Promise<string> {
    const configuration = await this.configuration();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const codeVerifier = oidc.randomPKCECodeVerifier();
    const codeChallenge = await oidc.calculatePKCECodeChallenge(codeVerifier);
    await storeSignInStart(
      db,
      {
        state_hash: hashToken(state),
        nonce,
        code_verifier: codeVerifier,
        card_id: card.id || null,
        card_type: card.type || null,
        expires_at: new Date(now.getTime() + SIGN_IN_TTL_MS),
        created_at: now,
      },
      now,
    );
    return oidc
      .buildAuthorizationUrl(configuration, {
        redirect_uri: this.redirectUri,
        scope: 'openid email profile',
        state,
        nonce,
        code_challenge: codeChallenge,
        code_challenge_method: 'S256',
      })
      .toString();
  }

  /**
   * Finishes a sign-in from the callback's query string: takes the started sign-in out of the table
   * by its state (so it works once), redeems the code with the PKCE verifier and checks state, nonce
   * and the ID token, then finds or links the account. Throws SocialSignInError saying why it refused.
   */
  async finish(db: Kysely<Database>, now: Date, callbackQuery: string): Promise<SignInOutcome> {
    const params = new URLSearchParams(callbackQuery);
    const state = params.get('state');
    if (!state) throw new SocialSignInError('the callback carries no state');
    const started = await takeSignInStart(db, hashToken(state));
    if (!started) throw new SocialSignInError('unknown or already used state');
    if (started.expires_at <= now) throw new SocialSignInError('the sign-in started more than 10 minutes ago');
    const providerError = params.get('error');
    if (providerError) throw new SocialSignInError(`the provider answered ${providerError}: ${params.get('error_description') ?? ''}`.trim());

    const currentUrl = new URL(this.redirectUri);
    currentUrl.search = params.toString();
    let profile: ProviderProfile;
    try {
      const configuration = await this.configuration();
      const tokens = await oidc.authorizationCodeGrant(configuration, currentUrl, {
        pkceCodeVerifier: started.code_verifier,
        expectedState: state,
        expectedNonce: started.nonce,
        idTokenExpected: true,
      });
      profile = await this.profileOf(configuration, tokens);
    } catch (error) {
      throw new SocialSignInError(`the provider's answer was refused: ${describe(error)}`, { cause: error });
    }
    const outcome = await resolveAccount(db, now, profile, { cardId: started.card_id, cardType: started.card_type });
    if (outcome.kind !== 'new' || !outcome.picture) return outcome;
    try {
      return { ...outcome, picture: await copyPicture(db, this.uploadDir, now, outcome.picture, this.insecure) };
    } catch (error) {
      return { ...outcome, picture: null, pictureProblem: `the provider's picture was not copied: ${describe(error)}` };
    }
  }

  /** The person as the ID token says, with email, name and picture from userinfo when the ID token leaves them out. */
  private async profileOf(configuration: oidc.Configuration, tokens: oidc.TokenEndpointResponse & oidc.TokenEndpointResponseHelpers): Promise<ProviderProfile> {
    const claims = tokens.claims();
    if (!claims) throw new SocialSignInError('no ID token');
    let source: Record<string, unknown> = claims;
    if (typeof claims.email !== 'string') {
      source = { ...(await oidc.fetchUserInfo(configuration, tokens.access_token, claims.sub)), ...claims };
    }
    const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);
    const picture = text(source.picture);
    const givenAndFamily = [text(source.given_name), text(source.family_name)].filter(Boolean).join(' ');
    return {
      issuer: claims.iss,
      subject: claims.sub,
      email: text(source.email),
      // Only an explicit true: a provider that does not say the address is verified has not vouched for it.
      emailVerified: source.email_verified === true,
      name: text(source.name) ?? (givenAndFamily || null),
      picture: picture && /^https?:\/\//i.test(picture) ? picture : null,
    };
  }
}

/**
 * Who the provider's person is here. A linked identity (issuer + subject) is that account. Otherwise
 * the email decides, and only when the provider vouches for it (email_verified true): an account
 * with that email is linked to the identity and signed in; without one, the email counts as verified
 * for the sign-up that follows, which must present the one-time ticket handed out here. An email the provider does not vouch for is refused: it would let
 * whoever registers that address at some provider into the account that owns it.
 */
async function resolveAccount(
  db: Kysely<Database>,
  now: Date,
  profile: ProviderProfile,
  card: { cardId: string | null; cardType: string | null },
): Promise<SignInOutcome> {
  const linked = await userBySocialIdentity(db, profile.issuer, profile.subject);
  if (linked) return { kind: 'existing', userId: linked.id, linked: false };
  if (!profile.email) throw new SocialSignInError('the provider gave no email address');
  if (!profile.emailVerified) throw new SocialSignInError(`the provider does not say the email ${profile.email} is verified`);
  const email = normaliseEmail(profile.email);
  const user = await userByEmail(db, email);
  if (user) {
    await linkSocialIdentity(db, { issuer: profile.issuer, subject: profile.subject, user_id: user.id, created_at: now });
    return { kind: 'existing', userId: user.id, linked: true };
  }
  const verificationTicket = randomToken();
  await markEmailVerified(db, email, hashToken(verificationTicket), new Date(now.getTime() + PROVIDER_VERIFIED_EMAIL_TTL_MS));
  return { kind: 'new', email, name: profile.name ?? email.split('@')[0] ?? email, picture: profile.picture, ...card, pictureProblem: null, verificationTicket };
}

/**
 * Copies the provider's picture into our uploads and answers its path: the web shows images from
 * this site only (its content security policy), and the card should not depend on the provider's
 * link staying up. Only https (http only with an http issuer, the tests' local provider), within the
 * upload size limit, and only a JPEG, PNG, GIF or WebP by its bytes; anything else throws.
 */
async function copyPicture(db: Kysely<Database>, uploadDir: string, now: Date, url: string, allowHttp: boolean): Promise<string> {
  const parsed = new URL(url);
  if (parsed.protocol !== 'https:' && !(allowHttp && parsed.protocol === 'http:')) throw new Error(`not an https link: ${parsed.protocol}`);
  const res = await fetch(parsed, { signal: AbortSignal.timeout(PICTURE_TIMEOUT_MS) });
  if (!res.ok || !res.body) throw new Error(`HTTP ${res.status}`);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of res.body) {
    size += chunk.length;
    if (size > MAX_UPLOAD_BYTES) throw new Error('larger than the upload limit');
    chunks.push(Buffer.from(chunk));
  }
  const bytes = Buffer.concat(chunks);
  const image = sniffImage(bytes.subarray(0, 12));
  if (!image || size === 0) throw new Error('not a JPEG, PNG, GIF or WebP image');
  await mkdir(uploadDir, { recursive: true });
  const tmpPath = join(uploadDir, `.provider-picture-${randomId()}`);
  await writeFile(tmpPath, bytes);
  const file = { field: 'picture', filename: 'provider-picture', size, image, tmpPath };
  let variants: Variants | null = null;
  try {
    variants = await makeVariants(file, uploadDir);
    const stored = await storeUpload(db, { file, variants: variants.made, folder: 'profile', dir: uploadDir, now });
    return stored.url;
  } finally {
    await Promise.all([rm(tmpPath, { force: true }), variants?.discard()]);
  }
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return typeof code === 'string' ? `${code}: ${error.message}` : error.message;
  }
  return String(error);
}

/** The redirect_uri: the web's sign-in-with-google page at the product's public address. */
export const socialRedirectUri = (publicUrl: string): string => `${publicUrl}${pagePatterns.signInWithGoogle}`;
