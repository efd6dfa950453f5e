import { buildPath, type Answer, type Call } from '@tapcard/shared/contract';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { z } from 'zod';
import type { TestUpstream } from './harness.js';

export interface CallInput {
  params?: Record<string, string>;
  query?: Record<string, string | number>;
  body?: unknown;
  /** The Authorization header, e.g. `Bearer …`. */
  authorization?: string;
  headers?: Record<string, string>;
}

/** Injects one call of the contract into the test upstream (JSON body; multipart calls build their own). */
export function send(t: TestUpstream, call: Call, input: CallInput = {}): Promise<LightMyRequestResponse> {
  let url = buildPath(call.path, input.params);
  if (input.query) url += `?${new URLSearchParams(Object.entries(input.query).map(([k, v]): [string, string] => [k, String(v)])).toString()}`;
  const headers: Record<string, string> = { ...input.headers };
  if (input.authorization) headers.authorization = input.authorization;
  return t.app.inject({
    method: call.method,
    url,
    headers,
    ...(input.body !== undefined ? { payload: input.body as object } : {}),
  });
}

/** Parses an answer with the call's contract schema; a drift from the contract fails the test. */
export function answerOf<C extends Call>(call: C, res: LightMyRequestResponse): Answer<C> {
  if (typeof call.answer === 'string') return res.body as Answer<C>;
  const parsed = (call.answer as z.ZodType).safeParse(res.json());
  if (!parsed.success) throw new Error(`answer of ${call.summary} does not match the contract: ${parsed.error.message}\n${res.body}`);
  return parsed.data as Answer<C>;
}

/** Asserts a 400 that names `field` with exactly `message` (the spec's text). */
export function expectFieldError(res: LightMyRequestResponse, field: string, message: string): void {
  expect(res.statusCode).toBe(400);
  const body = res.json() as { success: string; errors?: { field: string; message: string }[] };
  expect(body.success).toBe('false');
  expect(body.errors).toContainEqual({ field, message });
}
