import { createHash } from 'node:crypto';
import type { ErrorCode, Subscribe } from '@tapcard/shared/realtime';
import { STAFF_LINK_EXPIRED_MESSAGE, STAFF_LINK_REVOKED_MESSAGE, STAFF_LINK_UNKNOWN_MESSAGE } from '@tapcard/shared/rules';
import type { DoorSession } from '@tapcard/shared/contract';
import type { UpstreamClient, UpstreamResult } from '../clients/upstream.js';
import { rooms } from './rooms.js';
import { ownAttendeeView } from './views.js';
import type { Audience, DoorAudience } from './views.js';

/**
 * Checks a subscription claim with the upstream, once, with the client's own credential, and says
 * which server-named rooms it opens.
 */

export interface Claim {
  /** Names the subscription within one socket (the tid only as a hash). */
  key: string;
  eventId: string;
  rooms: string[];
  audience: Audience;
}
/** A refusal's message, when the client should see why (a door's revoked or expired staff link). */
export type ClaimResult = { ok: true; claim: Claim } | { ok: false; code: ErrorCode; message?: string };
/** Spends one upstream read from the client's budget (its address's /api budget); false when none is left. */
export type Spend = () => Promise<boolean>;
/** 'ended': the upstream refused the credential or the event; 'unknown': it could not answer (kept for now). */
export type Recheck = 'ok' | 'ended' | 'unknown';
/** A door session asked about again: ended (with why) only when the upstream refused it. */
export type DoorRecheck = { ended: false } | { ended: true; message: string };

const CHIP_CACHE_MS = 5 * 60 * 1000;
/**
 * An access token, once proved, is trusted this long by this instance: a reconnect storm (a venue's
 * Wi-Fi dropping everyone at once) then costs the upstream nothing, instead of one heavy token read
 * per phone per reconnect. Nothing revokes an access token once issued.
 */
const ARENA_CACHE_MS = 60 * 1000;
/**
 * A door session, once proved, is trusted this briefly by this instance (a phone reconnecting at once
 * costs one read), and forgotten at once when its staff link is revoked.
 */
const DOOR_CACHE_MS = 5000;
/** A refused door session never opens again (revoked, expired or never issued): its refusal is kept longer. */
const DOOR_REFUSAL_CACHE_MS = 60 * 1000;
/** Revoked staff links are remembered this long, so a check that was under way at the revocation cannot open one. */
const REVOKED_LINK_MS = 60 * 60 * 1000;
const DOOR_REFUSALS = [STAFF_LINK_REVOKED_MESSAGE, STAFF_LINK_EXPIRED_MESSAGE, STAFF_LINK_UNKNOWN_MESSAGE];
/** A subscriber waits no longer than this for its claim to be checked. */
const VERIFY_TIMEOUT_MS = 5000;
const CACHE_LIMIT = 10_000;

type ArenaAudience = Extract<Audience, { kind: 'arena' }>;

export function claimKey(subscription: Subscribe): string {
  switch (subscription.kind) {
    case 'arena':
      return `arena:${createHash('sha256').update(subscription.tid).digest('hex').slice(0, 32)}`;
    case 'chip':
      return `chip:${subscription.chipId}`;
    case 'organiser':
      return `organiser:${subscription.eventId}`;
    case 'door':
      return `door:${createHash('sha256').update(subscription.session).digest('hex').slice(0, 32)}`;
  }
}

export class ClaimVerifier {
  /** A chip's event is public and never changes: the one thing shared between clients. */
  private readonly chipEvents = new Map<string, { eventId: string; until: number }>();
  /** Proved access tokens (by their hash), and the checks under way: one upstream read per tid at a time. */
  private readonly arenaClaims = new Map<string, { claim: Claim; until: number }>();
  private readonly arenaChecks = new Map<string, Promise<ClaimResult>>();
  /** Door sessions' answers (by the session's hash, with their link), and the checks under way. */
  private readonly doorClaims = new Map<string, { result: ClaimResult; linkId: string | undefined; until: number }>();
  private readonly doorChecks = new Map<string, Promise<ClaimResult>>();
  private readonly revokedLinks = new Map<string, number>();

  constructor(private readonly upstream: UpstreamClient) {}

  /**
   * A claim needing an upstream read spends from the client's budget first (answered from the caches,
   * or joining a check under way, it costs nothing); a client with none left is refused 'rate_limited'.
   */
  async verify(subscription: Subscribe, token: string | undefined, spend: Spend): Promise<ClaimResult> {
    const key = claimKey(subscription);
    const limited: ClaimResult = { ok: false, code: 'rate_limited' };
    switch (subscription.kind) {
      case 'arena': {
        const cached = this.arenaClaims.get(key);
        if (cached && cached.until > Date.now()) return { ok: true, claim: cached.claim };
        const running = this.arenaChecks.get(key);
        if (running) return running;
        const { tid } = subscription;
        const check = (async () => ((await spend()) ? this.checkArena(key, tid) : limited))().finally(() => this.arenaChecks.delete(key));
        this.arenaChecks.set(key, check);
        return check;
      }
      case 'chip': {
        const { chipId } = subscription;
        const chipClaim = (eventId: string, fallback: Extract<Audience, { kind: 'chip' }>['fallback']): ClaimResult => ({
          ok: true,
          claim: { key, eventId, rooms: [rooms.event(eventId), rooms.chip(eventId, chipId)], audience: { kind: 'chip', chipId, fallback } },
        });
        const cached = this.chipEvents.get(chipId);
        if (cached && cached.until > Date.now()) return chipClaim(cached.eventId, null);
        if (!(await spend())) return limited;
        const answer = await this.upstream.chip(chipId, token, VERIFY_TIMEOUT_MS);
        if (!answer.ok) return answer;
        const chip = answer.data;
        this.rememberChip(chipId, chip.event_id);
        const fallback =
          chip.event_attendee_id && chip.attendee
            ? { id: chip.event_attendee_id, name: chip.attendee.name, image: chip.attendee.image, price_category: chip.price?.title ?? '', checked_in: chip.attendee.checked_in }
            : null;
        return chipClaim(chip.event_id, fallback);
      }
      case 'organiser': {
        if (!token) return { ok: false, code: 'forbidden' };
        if (!(await spend())) return limited;
        const answer = await this.upstream.adminEvent(subscription.eventId, token, VERIFY_TIMEOUT_MS);
        if (!answer.ok) return answer;
        const eventId = answer.data.id;
        if (eventId !== subscription.eventId) return { ok: false, code: 'forbidden' };
        return { ok: true, claim: { key, eventId, rooms: [rooms.event(eventId), rooms.organiser(eventId)], audience: { kind: 'organiser' } } };
      }
      case 'door': {
        const cached = this.doorClaims.get(key);
        if (cached && cached.until > Date.now()) return cached.result;
        const running = this.doorChecks.get(key);
        if (running) return running;
        const { session } = subscription;
        const check = (async () => ((await spend()) ? this.checkDoor(key, session) : limited))().finally(() => this.doorChecks.delete(key));
        this.doorChecks.set(key, check);
        return check;
      }
    }
  }

  /** A staff link was revoked: no door session opened with it is answered from the cache again. */
  revokeLink(linkId: string): void {
    remember(this.revokedLinks, linkId, Date.now() + REVOKED_LINK_MS);
    for (const [key, entry] of this.doorClaims) if (entry.linkId === linkId) this.doorClaims.delete(key);
  }

  isRevoked(linkId: string): boolean {
    const until = this.revokedLinks.get(linkId);
    return until !== undefined && until > Date.now();
  }

  /**
   * Asks the upstream again, never from a cache, whether a door session still opens its event: the
   * backstop for a staff link revoked without a write through any gateway, or whose news was lost.
   */
  async recheckDoor(session: string): Promise<DoorRecheck> {
    const answer = await this.upstream.doorSession(session, VERIFY_TIMEOUT_MS);
    if (answer.ok && Date.parse(answer.data.expires_at) > Date.now()) return { ended: false };
    if (!answer.ok && answer.code !== 'forbidden' && answer.code !== 'not_found') return { ended: false };
    this.doorClaims.delete(claimKey({ kind: 'door', session }));
    return { ended: true, message: answer.ok ? STAFF_LINK_EXPIRED_MESSAGE : doorRefusal(answer.message) };
  }

  private async checkDoor(key: string, session: string): Promise<ClaimResult> {
    const answer = await this.upstream.doorSession(session, VERIFY_TIMEOUT_MS);
    const linkId = answer.ok ? answer.data.link_id : undefined;
    // Revoked while the read was under way: the upstream answered before the revocation was stored.
    if (linkId !== undefined && this.isRevoked(linkId)) return { ok: false, code: 'forbidden', message: STAFF_LINK_REVOKED_MESSAGE };
    const result = doorClaim(key, session, answer);
    const now = Date.now();
    if (result.ok) {
      const { audience } = result.claim;
      const expiresAt = audience.kind === 'door' ? audience.expiresAt : now;
      remember(this.doorClaims, key, { result, linkId, until: Math.min(now + DOOR_CACHE_MS, expiresAt) });
    }
    // Only a refusal of the session itself is kept; an upstream that could not answer is asked again.
    else if (result.code === 'forbidden') remember(this.doorClaims, key, { result, linkId, until: now + DOOR_REFUSAL_CACHE_MS });
    return result;
  }

  /**
   * Asks the upstream again, never from a cache, whether `token` still opens the organiser's event
   * (the session may have ended since the subscription was checked).
   */
  async recheckOrganiser(eventId: string, token: string | undefined): Promise<Recheck> {
    if (!token) return 'ended';
    const answer = await this.upstream.event(eventId, token, VERIFY_TIMEOUT_MS);
    if (answer.ok) return answer.data.id === eventId ? 'ok' : 'ended';
    return answer.code === 'forbidden' || answer.code === 'not_found' ? 'ended' : 'unknown';
  }

  private async checkArena(key: string, tid: string): Promise<ClaimResult> {
    const answer = await this.upstream.eventToken(tid, VERIFY_TIMEOUT_MS);
    if (!answer.ok) return answer;
    const { attendee, event } = answer.data;
    // Used only until the event's state knows the attendee (just registered): their own record as the token page had it.
    const fallback = ownAttendeeView(attendee);
    const audience: ArenaAudience = { kind: 'arena', attendeeId: attendee.id, fallback };
    const claim: Claim = { key, eventId: event.id, rooms: [rooms.event(event.id), rooms.attendee(event.id, attendee.id)], audience };
    remember(this.arenaClaims, key, { claim, until: Date.now() + ARENA_CACHE_MS });
    return { ok: true, claim };
  }

  private rememberChip(chipId: string, eventId: string): void {
    remember(this.chipEvents, chipId, { eventId, until: Date.now() + CHIP_CACHE_MS });
  }
}

/** The upstream's reason for refusing a door session, when it is one of the known ones. */
function doorRefusal(message: string | undefined): string {
  return DOOR_REFUSALS.find((m) => m === message) ?? STAFF_LINK_UNKNOWN_MESSAGE;
}

/** The upstream's answer about a door session as a claim: the event's door room, or why not (its own words when it gave them). */
function doorClaim(key: string, session: string, answer: UpstreamResult<DoorSession>): ClaimResult {
  if (!answer.ok) {
    if (answer.code !== 'forbidden' && answer.code !== 'not_found') return { ok: false, code: answer.code };
    return { ok: false, code: 'forbidden', message: doorRefusal(answer.message) };
  }
  const door = answer.data;
  const expiresAt = Date.parse(door.expires_at);
  if (!(expiresAt > Date.now())) return { ok: false, code: 'forbidden', message: STAFF_LINK_EXPIRED_MESSAGE };
  const audience: DoorAudience = { kind: 'door', gate: door.gate, linkId: door.link_id, expiresAt, session };
  return { ok: true, claim: { key, eventId: door.event_id, rooms: [rooms.door(door.event_id)], audience } };
}

/** Sets a cache entry, first dropping the oldest one when the cache is full. */
function remember<T>(cache: Map<string, T>, key: string, value: T): void {
  if (cache.size >= CACHE_LIMIT && !cache.has(key)) {
    const oldest = cache.keys().next();
    if (!oldest.done) cache.delete(oldest.value);
  }
  cache.set(key, value);
}
