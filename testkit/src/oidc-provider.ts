import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type KoaContextWithOIDC } from 'oidc-provider';

/**
 * A real OpenID provider (oidc-provider, a certified implementation) on 127.0.0.1 for the tests, with
 * one confidential client. Its address is known at once; the client is set up with its redirect URIs
 * at the start, or by `allowRedirect` once they are known (a product started with the provider's
 * address as its issuer learns its own address only then). Until then it answers 503. Its login page
 * is a one-field form ("Account") naming one of the accounts the test added; consent is granted at once
 * (the client is first-party), as a real provider does for a client the person already approved.
 */
export interface TestAccount {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  picture?: string;
}

export interface TestOidcProvider {
  issuer: string;
  /** A 4 x 4 PNG the provider serves, for an account's picture claim. */
  pictureUrl: string;
  /** A link the provider answers with text, not an image. */
  notAPictureUrl: string;
  clientId: string;
  clientSecret: string;
  /** Sets the client up to redirect to `redirectUris` (until then every request is answered 503). */
  allowRedirect(...redirectUris: string[]): void;
  addAccount(account: TestAccount): void;
  /** How many code redemptions reached the token endpoint so far. */
  tokenRequests(): number;
  /** While false the provider answers every request with 503 (an outage). */
  setAvailable(available: boolean): void;
  close(): Promise<void>;
}

export async function startOidcProvider(options: { redirectUris?: string[]; clientId?: string; clientSecret?: string } = {}): Promise<TestOidcProvider> {
  const clientId = options.clientId ?? 'tapcard-test';
  const clientSecret = options.clientSecret ?? 'tapcard-test-secret-0123456789';
  const accounts = new Map<string, TestAccount>();
  let provider: Provider | null = null;
  let available = true;
  let tokenRequests = 0;

  const server: Server = createServer((req, res) => {
    const current = provider;
    if (!current || !available) {
      res.statusCode = 503;
      res.end(current ? '' : 'the test provider has no client yet');
      return;
    }
    if (servePicture(req, res)) return;
    if (req.method === 'POST' && req.url?.startsWith('/token')) tokenRequests += 1;
    const match = /^\/interaction\/([^/?]+)/.exec(req.url ?? '');
    if (match) {
      handleInteraction(current, req, res).catch((error: unknown) => {
        res.statusCode = 500;
        res.end(String(error));
      });
      return;
    }
    void current.callback()(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const configure = (redirectUris: string[]) => {
    provider = new Provider(issuer, {
      clients: [
        {
          client_id: clientId,
          client_secret: clientSecret,
          redirect_uris: redirectUris,
          grant_types: ['authorization_code'],
          response_types: ['code'],
          token_endpoint_auth_method: 'client_secret_post',
        },
      ],
      async findAccount(_ctx, id) {
        const account = accounts.get(id);
        if (!account) return undefined;
        return { accountId: id, claims: () => ({ ...account }) };
      },
      claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'picture'] },
      features: { devInteractions: { enabled: false } },
      interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
      // Consent without a screen: a grant of what the client asked for.
      async loadExistingGrant(ctx: KoaContextWithOIDC) {
        const accountId = ctx.oidc.session?.accountId;
        const client = ctx.oidc.client;
        if (!accountId || !client) return undefined;
        const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId });
        grant.addOIDCScope('openid email profile');
        await grant.save();
        return grant;
      },
      cookies: { keys: ['tapcard-test-cookie-key-0123456789'] },
      ttl: { Interaction: 600, Session: 600, Grant: 600, AccessToken: 600, IdToken: 600 },
      pkce: { required: () => true },
    });
  };
  if (options.redirectUris) configure(options.redirectUris);

  return {
    issuer,
    pictureUrl: `${issuer}${PICTURE_PATH}`,
    notAPictureUrl: `${issuer}${NOT_A_PICTURE_PATH}`,
    clientId,
    clientSecret,
    allowRedirect: (...redirectUris) => configure(redirectUris),
    addAccount: (account) => {
      accounts.set(account.sub, account);
    },
    tokenRequests: () => tokenRequests,
    setAvailable: (value) => {
      available = value;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** GET: the login form; POST: signs the named account in and sends the browser back to the authorisation. */
async function handleInteraction(provider: Provider, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const details = await provider.interactionDetails(req, res);
  if (req.method === 'POST') {
    const body = await readBody(req);
    const login = new URLSearchParams(body).get('login') ?? '';
    await provider.interactionFinished(req, res, { login: { accountId: login } }, { mergeWithLastSubmission: false });
    return;
  }
  res.setHeader('content-type', 'text/html; charset=utf-8');
  res.end(
    `<!doctype html><html lang="en"><head><title>Test provider: sign in</title></head><body>` +
      `<h1>Sign in to the test provider</h1>` +
      `<form method="post" action="/interaction/${details.uid}">` +
      `<label>Account <input name="login" autocomplete="off"></label>` +
      `<button type="submit">Sign in</button></form></body></html>`,
  );
}

/** A 4 x 4 red PNG. */
export const PICTURE_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAAEElEQVR4nGO4o6YGRwzEcQDsoxKBT+rXhgAAAABJRU5ErkJggg==', 'base64');
const PICTURE_PATH = '/pictures/person.png';
const NOT_A_PICTURE_PATH = '/pictures/not-a-picture.png';

/** The pictures an account's picture claim may point at; true when it answered. */
function servePicture(req: IncomingMessage, res: ServerResponse): boolean {
  if (req.url === PICTURE_PATH) {
    res.setHeader('content-type', 'image/png');
    res.end(PICTURE_PNG);
    return true;
  }
  if (req.url === NOT_A_PICTURE_PATH) {
    res.setHeader('content-type', 'image/png');
    res.end('<svg xmlns="http://www.w3.org/2000/svg"></svg>');
    return true;
  }
  return false;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      data += chunk;
    });
    req.on('end', () => resolve(data));
    req.on('error', reject);
  });
}
