import { chatRefusalText, isChatRefusalCode } from '@tapcard/shared/rules';
import { clockTime } from './clock.js';
import type { Refusal } from './refusal-schema.js';

export type { Refusal } from './refusal-schema.js';

/** The newest refusal of a room, with when (browser time, ms) it came. */
export interface RoomRefusal extends Refusal {
  at: number;
}

/** The refusal's words in the browser's clock ('You are muted until 18:40', 'Slow mode: wait 8 s'). */
export function refusalText(refusal: Refusal, now: Date = new Date()): string {
  const retryAt = refusal.retryAt ? new Date(refusal.retryAt) : null;
  return chatRefusalText(refusal.code, retryAt && !Number.isNaN(retryAt.getTime()) ? retryAt : null, now, clockTime);
}

/** The refusal an answer carries: a failure with one of CHAT_REFUSAL_CODES (else undefined: another failure). */
export function refusalOf(failure: { code?: string | undefined; retry_at?: string | undefined } | undefined): Refusal | undefined {
  const code = failure?.code;
  return isChatRefusalCode(code) ? { code, retryAt: failure?.retry_at ?? null } : undefined;
}
