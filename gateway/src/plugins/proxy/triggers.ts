import { calls, doorCalls, everyCall, findCall, isCallOf, writtenMessageSchema } from '@tapcard/shared/contract';
import type { Call, LiveChange, WrittenKind, WrittenMessage } from '@tapcard/shared/contract';
import { z } from 'zod';

/**
 * Writes after which an event's subscribers must see a change at once: the calls whose live change
 * wakes the event's views (`live.wakes` 'poke', on the contract). Each answers the event's id in
 * `data.event_id`, so the gateway reads small answers and never request bodies.
 */
const TRIGGERS: Call[] = everyCall()
  .map(([, call]) => call)
  .filter((call) => call.live?.wakes === 'poke');

/** A chat write whose answer carries the stored message (`live.message`: its kind). */
type MessageWrite = Call & { readonly live: LiveChange & { readonly message: WrittenKind } };
const MESSAGE_WRITES = TRIGGERS.filter((call): call is MessageWrite => call.live?.message !== undefined);

/** A staff link's revocation: its answer names the link, whose door subscriptions end at once. */
const REVOKE = doorCalls.revokeStaffLink;

const writeAnswerSchema = z.object({ success: z.literal('true'), data: z.object({ event_id: z.string().min(1).max(128) }) });
const revokeAnswerSchema = z.object({ success: z.literal('true'), data: z.object({ link: z.object({ id: z.string().min(1).max(128) }) }) });

/** `upstreamPath` is the path as the upstream sees it (no /api, no query). */
export function isWriteTrigger(method: string, upstreamPath: string): boolean {
  return findCall(TRIGGERS, method, upstreamPath) !== undefined;
}

export function isStaffLinkRevoke(method: string, upstreamPath: string): boolean {
  return isCallOf(REVOKE, method, upstreamPath);
}

function jsonOf(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    return undefined;
  }
}

export function eventIdOfAnswer(body: Buffer): string | undefined {
  const parsed = writeAnswerSchema.safeParse(jsonOf(body));
  return parsed.success ? parsed.data.data.event_id : undefined;
}

/** What a write's answer tells: its event, and the stored message when the call is a chat write whose answer carries it. */
export interface WriteAnswer {
  eventId: string;
  written?: WrittenMessage;
}

export function writeOfAnswer(method: string, upstreamPath: string, body: Buffer): WriteAnswer | undefined {
  const json = jsonOf(body);
  const parsed = writeAnswerSchema.safeParse(json);
  if (!parsed.success) return undefined;
  const eventId = parsed.data.data.event_id;
  const kind = findCall(MESSAGE_WRITES, method, upstreamPath)?.live.message;
  if (!kind) return { eventId };
  // An answer without the stored message (or without its seq) still wakes the poll.
  const written = writtenMessageSchema.safeParse({ kind, message: Reflect.get(Object(json), 'data') });
  return written.success ? { eventId, written: written.data } : { eventId };
}

/** The revoked staff link's id, from a revocation's answer. */
export function revokedLinkOfAnswer(body: Buffer): string | undefined {
  const parsed = revokeAnswerSchema.safeParse(jsonOf(body));
  return parsed.success ? parsed.data.data.link.id : undefined;
}

/**
 * Writes after which a session may have ended (logout, a password changed or reset, sessions ended):
 * every organiser subscription is then checked again. Matched on the path as the upstream's router
 * would see it (decoded, slashes folded; any case: a needless recheck costs little, a missed one more).
 */
export function isSessionChange(method: string, upstreamPath: string): boolean {
  if (method !== 'POST' && method !== 'DELETE') return false;
  let path = upstreamPath;
  try {
    path = decodeURIComponent(upstreamPath);
  } catch {
    // Not decodable: the upstream cannot route it either.
  }
  path = path.replace(/\/{2,}/g, '/').toLowerCase();
  return path.startsWith('/auth/api/') || (method === calls.resetPassword.method && path === calls.resetPassword.path.toLowerCase());
}
