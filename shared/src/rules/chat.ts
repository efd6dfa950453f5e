/** Chat messages. */
import { z } from 'zod';
import { CHAT_MESSAGE_MAX_LENGTH } from '../constants/index.js';
import { messages } from './messages.js';

/** Group chat: trimmed, not empty, at most CHAT_MESSAGE_MAX_LENGTH characters. */
export const groupChatMessageSchema = z
  .string({ error: messages.messageEmpty })
  .trim()
  .min(1, messages.messageEmpty)
  .pipe(z.string().max(CHAT_MESSAGE_MAX_LENGTH, messages.messageTooLong));

/** Private chat: sent without an emptiness check (docs/decisions.md, Validation), so any string (even blank) up to the maximum. */
export const privateChatMessageSchema = z
  .string({ error: messages.messageEmpty })
  .max(CHAT_MESSAGE_MAX_LENGTH, messages.messageTooLong);
