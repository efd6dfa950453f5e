import { buildPath, type Answer, type Call } from '@tapcard/shared/contract';
import type { z } from 'zod';

/** Calls the product's API as the browser does (through the gateway's /api), parsing with the contract. */
export async function callApi<C extends Call>(
  baseUrl: string,
  call: C,
  input: { params?: Record<string, string>; query?: Record<string, string>; body?: unknown; authorization?: string } = {},
): Promise<{ status: number; answer: Answer<C> }> {
  let url = `${baseUrl}/api${buildPath(call.path, input.params)}`;
  if (input.query) url += `?${new URLSearchParams(input.query).toString()}`;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (input.body !== undefined) headers['content-type'] = 'application/json';
  if (input.authorization) headers.authorization = input.authorization;
  const res = await fetch(url, { method: call.method, headers, body: input.body === undefined ? undefined : JSON.stringify(input.body) });
  if (typeof call.answer === 'string') return { status: res.status, answer: (await res.text()) as Answer<C> };
  const answer = (call.answer as z.ZodType).parse(await res.json()) as Answer<C>;
  return { status: res.status, answer };
}
