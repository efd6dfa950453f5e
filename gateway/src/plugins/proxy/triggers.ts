import { calls, doorCalls } from '@tapcard/shared/contract';
import { z } from 'zod';

/**
 * Writes after which an event's subscribers must see a change at once. Each answers the event's id
 * in `data.event_id` (the contract), so the gateway reads small answers and never request bodies.
 */
const TRIGGERS = [calls.chat, calls.privateChat, calls.adminChat, calls.adminPrivateChat, calls.checkIn, doorCalls.doorCheckIn, calls.bindChip].map((call) => ({
  method: call.method,
  pattern: new RegExp(`^${call.path.replace(/:[A-Za-z_]+/g, '[^/]+')}$`),
}));

const writeAnswerSchema = z.object({ success: z.literal('true'), data: z.object({ event_id: z.string().min(1).max(128) }) });

/** `upstreamPath` is the path as the upstream sees it (no /api, no query). */
export function isWriteTrigger(method: string, upstreamPath: string): boolean {
  return TRIGGERS.some((t) => t.method === method && t.pattern.test(upstreamPath));
}

export function eventIdOfAnswer(body: Buffer): string | undefined {
  let value: unknown;
  try {
    value = JSON.parse(body.toString('utf8'));
  } catch {
    return undefined;
  }
  const parsed = writeAnswerSchema.safeParse(value);
  return parsed.success ? parsed.data.data.event_id : undefined;
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
