/**
 * Social links. Each network accepts a full URL (with or without scheme and www, with whatever query
 * a share sheet added), its mobile variant, or a bare username, and normalises it to one canonical URL. The normaliser never throws and
 * is idempotent: a canonical URL normalises to itself. No schema here: a visitor's page that only shows
 * links checks them without loading zod's schemas (socials.ts holds the schemas built on this).
 */
import { regexes } from 'zod';
import { messages } from './messages.js';

export const SOCIAL_NETWORKS = ['facebook', 'snapchat', 'instagram', 'twitter', 'tiktok', 'website'] as const;
type Network = (typeof SOCIAL_NETWORKS)[number];

export type SocialLinkResult = { ok: true; url: string } | { ok: false; message: string };

type ProfileNetwork = Exclude<Network, 'website'>;

interface ProfileRule {
  /** Hosts the network answers on, mobile variants included (matched case-insensitively). */
  host: RegExp;
  /** Path segment before the id, e.g. 'add/' for snapchat (matched case-insensitively). */
  prefix: string;
  /** Whether a leading @ before the id is accepted. */
  at: boolean;
  canonical: (id: string) => string;
  /** Paths of the network's own pages that look like an id but name no profile. */
  notProfile?: RegExp;
}

const PROFILE_RULES: Record<ProfileNetwork, ProfileRule> = {
  facebook: {
    host: /^(?:(?:www|m|mobile|web)\.)?(?:facebook\.com|fb\.com)$/i,
    prefix: '',
    at: false,
    canonical: (id) => `https://www.facebook.com/${id}`,
    // profile.php?id=… holds its id in the query, which a profile link never keeps.
    notProfile: /^profile\.php$/i,
  },
  snapchat: {
    host: /^(?:(?:www|m)\.)?snapchat\.com$/i,
    prefix: 'add/',
    at: true,
    canonical: (id) => `https://www.snapchat.com/add/${id}`,
  },
  instagram: {
    host: /^(?:(?:www|m)\.)?instagram\.com$/i,
    prefix: '',
    at: true,
    canonical: (id) => `https://www.instagram.com/${id}`,
  },
  twitter: {
    host: /^(?:(?:www|m|mobile)\.)?(?:twitter\.com|x\.com)$/i,
    prefix: '',
    at: true,
    canonical: (id) => `https://twitter.com/${id}`,
  },
  /** Quick links only (the socials step has no TikTok): profiles live at tiktok.com/@{id}. */
  tiktok: {
    host: /^(?:(?:www|m)\.)?tiktok\.com$/i,
    prefix: '@',
    at: true,
    canonical: (id) => `https://www.tiktok.com/@${id}`,
  },
};

/** A profile id: letters, digits, underscore, hyphen and dot, with at least one letter, digit or underscore. */
const PROFILE_ID = /^[A-Za-z\d_.-]+$/;
const HAS_ID_CHARACTER = /[A-Za-z\d_]/;
const SCHEME = /^https?:\/\//i;
/** Characters never accepted once the query has been cleaned (cleanQuery): query, fragment, whitespace. */
const FORBIDDEN = /[?#\s]/;
/**
 * The query parameters a copied or shared link carries to track where it was shared from (campaigns,
 * click ids, share sheets' language and sender), never part of what it links to. Only a website's
 * query needs the list: a profile link drops its whole query.
 */
const TRACKING_PARAM = /^(?:utm_[a-z_]*|lang|igsh|igshid|si|ref|ref_src|fbclid|gclid|_t|_r)$/i;
/** A website path: RFC 3986 path characters and percent escapes, no query or fragment. */
const WEBSITE_PATH = /^(?:\/(?:[A-Za-z\d\-._~!$&'()*+,;=:@]|%[\dA-Fa-f]{2})*)*$/;
const HOST_AND_PORT = /^([^:]+)(:\d{1,5})?$/;

const isProfileNetwork = (network: string): network is ProfileNetwork => Object.hasOwn(PROFILE_RULES, network);

/** Whether `name` is the host of one of the profile networks (e.g. 'instagram.com' typed into Facebook). */
const isNetworkHost = (name: string): boolean => Object.values(PROFILE_RULES).some((rule) => rule.host.test(name));

/** The id of `candidate` if it is one (an optional @ first where the network allows it). */
function profileId(rule: ProfileRule, candidate: string): string | null {
  const id = rule.at && candidate.startsWith('@') ? candidate.slice(1) : candidate;
  return PROFILE_ID.test(id) && HAS_ID_CHARACTER.test(id) ? id : null;
}

/**
 * A copied link without what share sheets add after the address. A link on a profile network's own
 * host loses its whole query and fragment (a profile's address never needs one); a website loses the
 * tracking parameters (TRACKING_PARAM) of its query and keeps the rest, which its rule then refuses.
 * Anything else is left as it is (and refused).
 */
function cleanQuery(network: Network, input: string): string {
  const cut = input.search(/[?#]/);
  if (cut === -1) return input;
  const base = input.slice(0, cut);
  if (isProfileNetwork(network)) {
    // Only a link on the network's host: a username never carries a query.
    const rest = base.replace(SCHEME, '');
    const slash = rest.indexOf('/');
    return slash !== -1 && PROFILE_RULES[network].host.test(rest.slice(0, slash)) ? base : input;
  }
  const hash = input.indexOf('#');
  if (input[cut] === '#' || (hash !== -1 && hash < input.length - 1)) return input;
  const query = input.slice(cut + 1, hash === -1 ? undefined : hash);
  const kept = query.split('&').filter((pair) => pair !== '' && !TRACKING_PARAM.test(pair.split('=')[0] ?? ''));
  return kept.length === 0 ? base : `${base}?${kept.join('&')}`;
}

function normaliseProfile(rule: ProfileRule, input: string): string | null {
  const hasScheme = SCHEME.test(input);
  const rest = input.replace(SCHEME, '');
  const slash = rest.indexOf('/');
  if (!hasScheme && slash === -1) {
    // A bare username; a network's host typed alone (its own or another's) is not a profile.
    const id = profileId(rule, rest);
    if (id === null || isNetworkHost(id)) return null;
    return rule.canonical(id);
  }
  if (slash === -1 || !rule.host.test(rest.slice(0, slash))) return null;
  let path = rest.slice(slash + 1);
  if (path.endsWith('/')) path = path.slice(0, -1);
  if (rule.prefix !== '') {
    if (path.slice(0, rule.prefix.length).toLowerCase() !== rule.prefix) return null;
    path = path.slice(rule.prefix.length);
  }
  const id = profileId(rule, path);
  return id === null || rule.notProfile?.test(id) ? null : rule.canonical(id);
}

/** A website: optional http(s) scheme, a dotted host (lowercased), optional port and path. Always https. */
function normaliseWebsite(input: string): string | null {
  const rest = input.replace(SCHEME, '');
  const slash = rest.indexOf('/');
  const hostAndPort = slash === -1 ? rest : rest.slice(0, slash);
  const path = slash === -1 ? '' : rest.slice(slash);
  const match = HOST_AND_PORT.exec(hostAndPort);
  const host = match?.[1]?.toLowerCase();
  if (host === undefined || !regexes.domain.test(host) || !WEBSITE_PATH.test(path)) return null;
  return `https://${host}${match?.[2] ?? ''}${path}`;
}

/**
 * Checks `input` against the patterns of `network` and returns its canonical URL, or the required
 * mismatch message. A copied share link's query is cleaned first (cleanQuery), so
 * 'https://www.tiktok.com/@ada?lang=en' is accepted as 'https://www.tiktok.com/@ada'. Never throws,
 * whatever it is given.
 */
export function normaliseSocialLink(network: Network, input: string): SocialLinkResult {
  const mismatch: SocialLinkResult = { ok: false, message: messages.socialMismatch(String(network)) };
  if (typeof input !== 'string') return mismatch;
  const trimmed = input.trim();
  if (trimmed === '' || /\s/.test(trimmed)) return mismatch;
  const cleaned = cleanQuery(network, trimmed);
  if (FORBIDDEN.test(cleaned)) return mismatch;
  let url: string | null = null;
  if (network === 'website') url = normaliseWebsite(cleaned);
  else if (isProfileNetwork(network)) url = normaliseProfile(PROFILE_RULES[network], cleaned);
  return url === null ? mismatch : { ok: true, url };
}
