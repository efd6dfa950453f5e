/** The quick links' schemas, over the content rule of link-content.ts. */
import { z } from 'zod';
import { cardFieldSchema } from '../domain/cards.js';
import { quickLinkContent } from './link-content.js';

/**
 * For a schema's `.transform`: the quick link with its content as stored, or an issue under `content`
 * with the type's message.
 */
export function checkQuickLinkContent<T extends { type: string; content: string }>(value: T, ctx: z.core.$RefinementCtx<T>): T {
  const result = quickLinkContent(value.type, value.content);
  if (result.ok) return { ...value, content: result.content };
  ctx.addIssue({ code: 'custom', message: result.message, path: ['content'], input: value.content });
  return z.NEVER;
}

/** A quick link as the card calls take it (sign-up's and save-card's fields): content checked by type. */
export const quickLinkFieldSchema = cardFieldSchema.transform(checkQuickLinkContent);
