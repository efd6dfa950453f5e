import { failure } from '@tapcard/shared/contract';

/** The part of a reply this needs; any Fastify reply (whatever its server type) fits. */
interface ReplyLike<R> {
  code(status: number): R;
  type(contentType: string): R;
  send(payload?: unknown): R;
}

/** The failure bodies the gateway writes itself, in the API's wire shape and never with a stack. */
export const messages = {
  unavailable: 'The service is unavailable. Please try again.',
  tooLarge: 'The request is too large.',
  tooMany: 'Too many requests. Please try again later.',
  notFound: 'Not found.',
  forbidden: 'Forbidden.',
  invalid: 'The request is not valid.',
} as const;

export function sendFailure<R extends ReplyLike<R>>(reply: R, status: number, message: string): R {
  return reply.code(status).type('application/json; charset=utf-8').send(failure(message));
}

/** The message for an error status the gateway answers itself. */
export function messageForStatus(status: number): string {
  if (status === 404) return messages.notFound;
  if (status === 413) return messages.tooLarge;
  if (status === 429) return messages.tooMany;
  if (status === 403) return messages.forbidden;
  if (status >= 400 && status < 500) return messages.invalid;
  return messages.unavailable;
}
