import {
  answerOrThrow,
  buildLooseRequest,
  buildRequest,
  parseAnswer,
  type Call,
  type CallArgs,
  type ContractRequest,
  type FailureAnswer,
  type LooseInput,
  type Success,
} from '@tapcard/shared/contract';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { TestUpstream } from './harness.js';

function inject(t: TestUpstream, request: ContractRequest): Promise<LightMyRequestResponse> {
  if (request.form) throw new Error('multipart calls build their own request (see the upload tests)');
  return t.app.inject({
    method: request.method,
    url: request.url,
    headers: request.headers,
    ...(request.body === undefined ? {} : { payload: request.body }),
  });
}

/** Injects one call of the contract into the test upstream, its input typed by the call's schemas. */
export function send<C extends Call>(t: TestUpstream, call: C, ...args: CallArgs<C>): Promise<LightMyRequestResponse> {
  return inject(t, buildRequest(call, ...args));
}

/**
 * Injects a call with input the contract does not allow: only for tests of what the upstream does
 * with invalid input (validation, foreign fields, missing parameters).
 */
export function sendUnchecked(t: TestUpstream, call: Call, input: LooseInput = {}): Promise<LightMyRequestResponse> {
  return inject(t, buildLooseRequest(call, input));
}

/** Parses an answer with the call's contract schema; a drift from the contract fails the test. */
export function answerOf<C extends Call>(call: C, res: LightMyRequestResponse): Success<C> | FailureAnswer<C> {
  return answerOrThrow(parseAnswer(call, res.statusCode, res.body));
}

/** Asserts a 400 that names `field` with exactly `message` (its required text). */
export function expectFieldError(res: LightMyRequestResponse, field: string, message: string): void {
  expect(res.statusCode).toBe(400);
  const body = res.json() as { success: string; errors?: { field: string; message: string }[] };
  expect(body.success).toBe('false');
  expect(body.errors).toContainEqual({ field, message });
}
