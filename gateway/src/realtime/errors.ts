import type { ErrorCode, RealtimeError } from '@tapcard/shared/realtime';

const messages: Record<ErrorCode, string> = {
  invalid: 'The request is not valid.',
  forbidden: 'You are not allowed to see this.',
  not_found: 'Not found.',
  rate_limited: 'Too many requests. Please slow down.',
  unavailable: 'The service is unavailable. Please try again.',
};

export function realtimeError(code: ErrorCode, message = messages[code]): { ok: false; error: RealtimeError } {
  return { ok: false, error: { code, message } };
}
