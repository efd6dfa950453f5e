import { isCallOf, type Call, type failureSchema } from '@tapcard/shared/contract';
import { vi } from 'vitest';
import type { z } from 'zod';
import { API_BASE } from '../lib/image.js';

/**
 * A fake network for component tests: stubs `fetch` and answers contract calls in the wire shape
 * (`success` as the string 'true' / 'false'), recording every request so a test can check what the
 * client sent. Unknown requests answer 404 and are recorded too.
 */
export interface SentRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Headers;
  /** The parsed JSON body, if any. */
  body: unknown;
  /** The multipart body, if any. */
  form: FormData | null;
}

/** The JSON answer a call may give: its answer schema's input, success or failure shape (a text answer's call: a failure). */
export type AnswerJson<C extends Call> = C['answer'] extends z.ZodType ? z.input<C['answer']> : z.input<typeof failureSchema>;

/** A reply; `J`: the JSON answers it may carry (a call's answer, see `on`). */
export interface Reply<J = unknown> {
  status?: number;
  /** A JSON answer. */
  json?: J;
  /** A text answer (vCards). */
  text?: string;
  headers?: Record<string, string>;
}

/** A reply `call`'s answer schema allows. */
export type ReplyOf<C extends Call> = Reply<AnswerJson<C>>;

export type Handler<J = unknown> = Reply<J> | ((request: SentRequest) => Reply<J> | Promise<Reply<J>>);

type OkAnswer = { success: 'true'; message: string };

/** `{ success: 'true', message, data }`; its data is checked against the answer of the call it replies to. */
export function ok(): Reply<OkAnswer>;
export function ok<D>(data: D, message?: string): Reply<OkAnswer & { data: D }>;
export function ok(data?: unknown, message = 'OK'): Reply<OkAnswer & { data?: unknown }> {
  return { status: 200, json: data === undefined ? { success: 'true', message } : { success: 'true', message, data } };
}
/** Any JSON answer with its status; checked against the answer of the call it replies to. */
export function answer<J>(json: J, status = 200): Reply<J> {
  return { status, json };
}
/** `{ success: 'false', message, data: null }` */
export const fail = (message: string, status = 400): Reply<{ success: 'false'; message: string; data: null }> => ({ status, json: { success: 'false', message, data: null } });

export function mockNetwork() {
  const handlers: { call: Pick<Call, 'method' | 'path'>; handler: Handler }[] = [];
  const requests: SentRequest[] = [];
  let offline = false;

  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const path = url.pathname.startsWith(API_BASE) ? url.pathname.slice(API_BASE.length) : url.pathname;
    const form = init.body instanceof FormData ? init.body : null;
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const request: SentRequest = { method, path, query: url.searchParams, headers: new Headers(init.headers), body, form };
    requests.push(request);
    if (offline) throw new TypeError('Failed to fetch');
    const found = handlers.find((h) => isCallOf(h.call, method, path));
    const reply: Reply = found ? (typeof found.handler === 'function' ? await found.handler(request) : found.handler) : { status: 404, json: { success: 'false', message: 'Not found', data: null } };
    const status = reply.status ?? 200;
    if (reply.text !== undefined) return new Response(reply.text, { status, headers: { 'content-type': 'text/vcard', ...reply.headers } });
    return new Response(JSON.stringify(reply.json ?? {}), { status, headers: { 'content-type': 'application/json', ...reply.headers } });
  });
  vi.stubGlobal('fetch', fetchMock);

  return {
    fetch: fetchMock,
    requests,
    /** Answers `call` (the newest handler of a call wins) with replies its answer schema allows. */
    on<C extends Call>(call: C, handler: Handler<AnswerJson<C>>) {
      handlers.unshift({ call, handler });
      return this;
    },
    /** Answers `call` with anything, for a test of how the client takes an answer the contract does not allow. */
    onUnchecked(call: Pick<Call, 'method' | 'path'>, handler: Handler) {
      handlers.unshift({ call, handler });
      return this;
    },
    /** Every later request fails as a network error would. */
    goOffline() {
      offline = true;
    },
    /** The requests sent to `call`, oldest first. */
    sent(call: Pick<Call, 'method' | 'path'>): SentRequest[] {
      return requests.filter((r) => isCallOf(call, r.method, r.path));
    },
  };
}

export type MockNetwork = ReturnType<typeof mockNetwork>;
