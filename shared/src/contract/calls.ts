import { UPLOADED_FILES_PATH } from '../rules/index.js';
import { accountCallFactories } from './accounts.js';
import { cardContentCallFactories } from './card-content.js';
import { contactCallFactories } from './contacts.js';
import { lazyCalls } from './core.js';
import { organiserEventCallFactories } from './events-organiser.js';
import { organiserMessageCallFactories } from './messages.js';
import { publicEventCallFactories } from './events-public.js';
import { physicalCardCallFactories } from './physical-cards.js';
import { publicCardCallFactories } from './public-card.js';
import { shopCallFactories } from './shop.js';
import { uploadCallFactories } from './uploads.js';

/**
 * The calls every page may make. Paths given by the product's API are kept verbatim; the others follow one
 * scheme (docs/decisions.md, Upstream contract, lists them). The browser calls them as `/api` + path through the gateway; the upstream registers exactly
 * these paths (`:name` segments are path parameters, as Fastify writes them).
 *
 * Each area's calls are in their own module; this object gathers their factories, so each call is
 * still built only on first use. The calls only some pages make are in groups of their own (door.ts,
 * history.ts, moderation.ts, ...); every-call.ts lists them all.
 */
export const calls = lazyCalls({
  ...accountCallFactories,
  ...physicalCardCallFactories,
  ...cardContentCallFactories,
  ...contactCallFactories,
  ...publicCardCallFactories,
  ...uploadCallFactories,
  ...organiserEventCallFactories,
  ...organiserMessageCallFactories,
  ...publicEventCallFactories,
  ...shopCallFactories,
});

export type Calls = typeof calls;
export type CallName = keyof Calls;

/**
 * The upstream's development-only pages live under this prefix (the dev outbox, registered only without
 * SMTP): only a direct caller on the upstream's machine may read them (isLocalOnlyCaller, shared/net),
 * and the gateway refuses any request for them that a proxy or tunnel passed on.
 */
export const DEV_PAGES_PREFIX = '/dev';

/** Pages and files the upstream serves outside the JSON contract. */
export const upstreamPages = {
  /** Uploaded files; image paths starting /backend/ are prefixed with the API base by the web. */
  files: `${UPLOADED_FILES_PATH}:name`,
  /** The built-in test payment provider's hosted page for one order. */
  testProvider: '/pay/test/:reference',
  testProviderDecision: '/pay/test/:reference/decision',
  /** Mail that would have been sent, when no SMTP_URL is configured. */
  devOutbox: `${DEV_PAGES_PREFIX}/outbox`,
  health: '/healthz',
} as const;

/** The header that carries the gateway's service key. */
export const SERVICE_KEY_HEADER = 'x-service-key';
