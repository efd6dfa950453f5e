import { IDEMPOTENCY_HEADER } from '@tapcard/shared/rules';

/**
 * Idempotency keys of creates: a form makes one per submission attempt and sends it with every
 * request of that attempt, so a double click or a resend makes the resource once (the server answers
 * a repeated key with what the first request made).
 */
export function newIdempotencyKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The header that carries a key. */
export function idempotencyHeaders(key: string): Record<string, string> {
  return { [IDEMPOTENCY_HEADER]: key };
}
