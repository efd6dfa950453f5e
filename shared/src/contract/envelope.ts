import { z } from 'zod';

/**
 * The API's wire shape: `success` is the STRING 'true' or 'false', with `message` and usually
 * `data`. Every answer schema is a union of the call's own success shape and the shared failure shape,
 * so a client parses once and narrows on `success`.
 */
export const successFlagSchema = z.enum(['true', 'false']);

/** One invalid field of a 400 answer: the field's key and the required message for it. */
export const fieldErrorSchema = z.object({ field: z.string(), message: z.string() });
export type FieldError = z.infer<typeof fieldErrorSchema>;

export const failureSchema = z.object({
  success: z.literal('false'),
  message: z.string(),
  data: z.null().optional(),
  errors: z.array(fieldErrorSchema).optional(),
  /**
   * Why a request was refused, for a client that words it itself (e.g. a chat post: 'muted',
   * 'slow_mode', 'too_fast', 'chat_closed', 'not_accepting', 'you_blocked'), and when it may try again
   * (ISO time; absent when never, e.g. a mute for good).
   */
  code: z.string().optional(),
  retry_at: z.string().optional(),
});
export type Failure = z.infer<typeof failureSchema>;

/** A success answer whose extra keys sit beside `success` (e.g. `{ success, link }`). */
export function okShape<S extends z.ZodRawShape>(shape: S) {
  return z.object({ success: z.literal('true'), message: z.string().optional(), ...shape });
}

/** The answer of a call: its success shape or the failure shape. */
export function wire<S extends z.ZodRawShape>(shape: S) {
  return z.discriminatedUnion('success', [okShape(shape), failureSchema]);
}

/** The common case: `{ success: 'true', message?, data }`. */
export function wireData<T extends z.ZodType>(data: T) {
  return wire({ data });
}

/** An answer with nothing beyond success and message. */
export const plainAnswerSchema = wire({});
export type PlainAnswer = z.infer<typeof plainAnswerSchema>;

/** Builds a failure answer body (used by the upstream and by tests). */
export function failure(message: string, errors?: FieldError[]): Failure {
  return errors && errors.length > 0 ? { success: 'false', message, data: null, errors } : { success: 'false', message, data: null };
}
