import type { FieldError } from '@tapcard/shared/contract';
import { messages } from '@tapcard/shared/rules';

/** Why a request was refused, for a client that words it itself, and when it may try again (absent: never). */
export interface Refusal {
  code: string;
  retryAt?: Date | null;
}

/** An error a handler throws to answer with a status and the API's failure body. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: FieldError[],
    readonly refusal?: Refusal,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, field?: string) => new HttpError(400, message, field ? [{ field, message }] : undefined);
export const unauthorised = (message = 'Unauthenticated') => new HttpError(401, message);
export const forbidden = (message = 'Forbidden') => new HttpError(403, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const tooManyRequests = (message: string = messages.tooManyAttempts) => new HttpError(429, message);
/** A refusal the client words itself from `code` and `retry_at` (e.g. a chat post while muted). */
export const refused = (statusCode: number, message: string, refusal: Refusal) => new HttpError(statusCode, message, undefined, refusal);
