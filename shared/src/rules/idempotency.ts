import { z } from 'zod';
import { messages } from './messages.js';

/**
 * The idempotency key of a create (the `Idempotency-Key` header): the client makes one per attempt
 * (a form's submission), so a double click or a retried request makes the resource once. 16 to 128
 * characters of letters, digits, '-' and '_' (a UUID fits).
 */
export const IDEMPOTENCY_HEADER = 'idempotency-key';

export const idempotencyKeySchema = z.string().regex(/^[A-Za-z0-9_-]{16,128}$/, messages.idempotencyKeyInvalid);

/** The headers of a create that takes an idempotency key: optional, so scripts and older clients still create. */
export const idempotencyHeadersSchema = z.object({ [IDEMPOTENCY_HEADER]: idempotencyKeySchema.optional() });
