import type { Call } from '@tapcard/shared/contract';
import { vi } from 'vitest';
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

export interface Reply {
  status?: number;
  /** A JSON answer. */
  json?: unknown;
  /** A text answer (vCards). */
  text?: string;
  headers?: Record<string, string>;
}

export type Handler = Reply | ((request: SentRequest) => Reply | Promise<Reply>);

/** `{ success: 'true', message, data }` */
export const ok = (data?: unknown, message = 'OK'): Reply => ({ status: 200, json: data === undefined ? { success: 'true', message } : { success: 'true', message, data } });
/** `{ success: 'false', message, data: null }` */
export const fail = (message: string, status = 400): Reply => ({ status, json: { success: 'false', message, data: null } });

function patternOf(path: string): RegExp {
  const escaped = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:([A-Za-z_]+)/g, '[^/]+');
  return new RegExp(`^${escaped}$`);
}

export function mockNetwork() {
  const handlers: { method: string; pattern: RegExp; handler: Handler }[] = [];
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
    const found = handlers.find((h) => h.method === method && h.pattern.test(path));
    const reply: Reply = found ? (typeof found.handler === 'function' ? await found.handler(request) : found.handler) : { status: 404, json: { success: 'false', message: 'Not found', data: null } };
    const status = reply.status ?? 200;
    if (reply.text !== undefined) return new Response(reply.text, { status, headers: { 'content-type': 'text/vcard', ...reply.headers } });
    return new Response(JSON.stringify(reply.json ?? {}), { status, headers: { 'content-type': 'application/json', ...reply.headers } });
  });
  vi.stubGlobal('fetch', fetchMock);

  return {
    fetch: fetchMock,
    requests,
    /** Answers `call` (the newest handler of a call wins). */
    on(call: Pick<Call, 'method' | 'path'>, handler: Handler) {
      handlers.unshift({ method: call.method, pattern: patternOf(call.path), handler });
      return this;
    },
    /** Every later request fails as a network error would. */
    goOffline() {
      offline = true;
    },
    /** The requests sent to `call`, oldest first. */
    sent(call: Pick<Call, 'method' | 'path'>): SentRequest[] {
      const pattern = patternOf(call.path);
      return requests.filter((r) => r.method === call.method && pattern.test(r.path));
    },
  };
}

export type MockNetwork = ReturnType<typeof mockNetwork>;
