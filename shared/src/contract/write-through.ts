import { z } from 'zod';
import { chatMessageSchema, privateChatSchema } from './entities.js';

/**
 * A chat write's stored message, as its answer carries it (`data`, with the event's seq): the gateway
 * emits it to the event's rooms at once. An answer without it (an upstream that answers less) leaves
 * the message to the gateway's poll.
 */
export const writtenMessageSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('group'), message: chatMessageSchema }),
  z.object({ kind: z.literal('private'), message: privateChatSchema }),
]);
export type WrittenMessage = z.infer<typeof writtenMessageSchema>;
export type WrittenKind = WrittenMessage['kind'];
