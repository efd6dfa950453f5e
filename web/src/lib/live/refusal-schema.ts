import { z } from 'zod';
import { CHAT_REFUSAL_CODES } from '@tapcard/shared/rules';

/**
 * A post the server refused on purpose (muted, slow mode, closed chat…), with when it may be tried again
 * (ISO). A module of its own: the outbox checks kept refusals with it, while the refusals' words
 * (refusals.ts) are also drawn by a server-rendered chat that loads no schema.
 */
export const refusalSchema = z.object({
  code: z.enum(CHAT_REFUSAL_CODES),
  retryAt: z.string().nullable(),
});
export type Refusal = z.infer<typeof refusalSchema>;
