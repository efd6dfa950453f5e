import { createHash } from 'node:crypto';
import type { ErrorCode, Subscribe } from '@tapcard/shared/realtime';
import type { UpstreamClient } from '../clients/upstream.js';
import { rooms } from './rooms.js';
import type { Audience } from './views.js';

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
export type ClaimResult = { ok: true; claim: Claim } | { ok: false; code: ErrorCode };

const CHIP_CACHE_MS = 5 * 60 * 1000;
/** A subscriber waits no longer than this for its claim to be checked. */
const VERIFY_TIMEOUT_MS = 5000;
const CHIP_CACHE_LIMIT = 10_000;

export function claimKey(subscription: Subscribe): string {
  switch (subscription.kind) {
    case 'arena':
      return `arena:${createHash('sha256').update(subscription.tid).digest('hex').slice(0, 32)}`;
    case 'chip':
      return `chip:${subscription.chipId}`;
    case 'organiser':
      return `organiser:${subscription.eventId}`;
  }
}

export class ClaimVerifier {
  /** A chip's event is public and never changes: the one thing shared between clients. */
  private readonly chipEvents = new Map<string, { eventId: string; until: number }>();

  constructor(private readonly upstream: UpstreamClient) {}

  async verify(subscription: Subscribe, token: string | undefined): Promise<ClaimResult> {
    const key = claimKey(subscription);
    switch (subscription.kind) {
      case 'arena': {
        const answer = await this.upstream.eventToken(subscription.tid, VERIFY_TIMEOUT_MS);
        if (!answer.ok) return answer;
        const { attendee, event } = answer.data;
        const fallback = { id: attendee.id, name: attendee.name, image: attendee.image, price_category: attendee.price_category, checked_in: attendee.checked_in };
        return {
          ok: true,
          claim: { key, eventId: event.id, rooms: [rooms.event(event.id), rooms.attendee(event.id, attendee.id)], audience: { kind: 'arena', attendeeId: attendee.id, fallback } },
        };
      }
      case 'chip': {
        const { chipId } = subscription;
        const chipClaim = (eventId: string, fallback: Extract<Audience, { kind: 'chip' }>['fallback']): ClaimResult => ({
          ok: true,
          claim: { key, eventId, rooms: [rooms.event(eventId), rooms.chip(eventId, chipId)], audience: { kind: 'chip', chipId, fallback } },
        });
        const cached = this.chipEvents.get(chipId);
        if (cached && cached.until > Date.now()) return chipClaim(cached.eventId, null);
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
        const answer = await this.upstream.adminEvent(subscription.eventId, token, VERIFY_TIMEOUT_MS);
        if (!answer.ok) return answer;
        const eventId = answer.data.id;
        if (eventId !== subscription.eventId) return { ok: false, code: 'forbidden' };
        return { ok: true, claim: { key, eventId, rooms: [rooms.event(eventId), rooms.organiser(eventId)], audience: { kind: 'organiser' } } };
      }
    }
  }

  private rememberChip(chipId: string, eventId: string): void {
    if (this.chipEvents.size >= CHIP_CACHE_LIMIT) {
      const oldest = this.chipEvents.keys().next();
      if (!oldest.done) this.chipEvents.delete(oldest.value);
    }
    this.chipEvents.set(chipId, { eventId, until: Date.now() + CHIP_CACHE_MS });
  }
}
