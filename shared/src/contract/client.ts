import type { z } from 'zod';
import { buildPath, type Call, type Method } from './core.js';
import { failureSchema, type Failure } from './envelope.js';

/**
 * The one client core of the contract: what a call takes (typed from its schemas), the request it
 * becomes and how its answer is read. The browser's api(), the gateway's upstream client and every
 * test client build on these, each adding only its own transport and reactions.
 */

/** The empty object, to ask whether an input requires anything. */
type Empty = Record<never, never>;

/** `{ key?: T }` when T accepts an empty object (nothing inside is required), `{ key: T }` otherwise. */
type Part<K extends string, T> = Empty extends T ? { [P in K]?: T } : { [P in K]: T };

/**
 * A query's values: each key as optional as the schema's input makes it, with the schema's OUTPUT
 * type (a `z.coerce.number()` key takes a number, not the `unknown` its input would allow); values
 * are sent as strings.
 */
export type QueryInput<Q extends z.ZodType> = { [K in keyof z.input<Q>]: K extends keyof z.output<Q> ? z.output<Q>[K] | undefined : never };

type ParamsPart<C> = C extends { readonly params: infer P extends z.ZodType } ? { params: z.input<P> } : { params?: never };
type QueryPart<C> = C extends { readonly query: infer Q extends z.ZodType } ? Part<'query', QueryInput<Q>> : { query?: never };
type BodyPart<C> = C extends { readonly multipart: readonly string[] }
  ? { form: FormData; body?: never }
  : C extends { readonly body: infer B extends z.ZodType }
    ? { body: z.input<B>; form?: never }
    : { body?: never; form?: never };

/** What one call takes: its path parameters, query and body as its schemas type them, and headers. */
export type CallInput<C extends Call> = ParamsPart<C> &
  QueryPart<C> &
  BodyPart<C> & {
    /** The Authorization header, e.g. `Bearer …`. */
    authorization?: string;
    headers?: Record<string, string>;
  };

/** The input as a rest tuple: optional only when nothing inside it is required. `Extra` adds a client's own options. */
export type CallArgs<C extends Call, Extra = unknown> = Empty extends CallInput<C> ? [input?: CallInput<C> & Extra] : [input: CallInput<C> & Extra];

/** Any call's input, as the builder reads it once the call's own type has been checked. */
export interface LooseInput {
  params?: Record<string, string>;
  query?: Record<string, unknown>;
  body?: unknown;
  form?: FormData;
  authorization?: string;
  headers?: Record<string, string>;
}

/** A call's request, ready for any transport (fetch, Fastify's inject). */
export interface ContractRequest {
  method: Method;
  /** The path with its parameters filled in and its query appended. */
  url: string;
  headers: Record<string, string>;
  /** The JSON text of the body, when the call has one. */
  body?: string;
  /** The multipart body of an upload call. */
  form?: FormData;
}

/** Appends a query; undefined values are left out, the rest serialised with String. */
export function withQuery(path: string, query: Record<string, unknown> | undefined): string {
  const entries = Object.entries(query ?? {}).filter(([, v]) => v !== undefined).map(([k, v]): [string, string] => [k, String(v)]);
  return entries.length > 0 ? `${path}?${new URLSearchParams(entries).toString()}` : path;
}

/** Builds a call's request: method, path and query, headers (JSON accept, content type, authorization) and body. */
export function buildRequest<C extends Call>(call: C, ...args: CallArgs<C>): ContractRequest {
  return buildLooseRequest(call, (args[0] ?? {}) as LooseInput);
}

/**
 * The same without the input's type check: for tests that send what the contract forbids on purpose
 * (validation tests), never for product code.
 */
export function buildLooseRequest(call: Call, input: LooseInput): ContractRequest {
  const headers: Record<string, string> = { accept: 'application/json' };
  const request: ContractRequest = { method: call.method, url: withQuery(buildPath(call.path, input.params), input.query), headers };
  if (input.form) request.form = input.form;
  else if (input.body !== undefined) {
    headers['content-type'] = 'application/json';
    request.body = JSON.stringify(input.body);
  }
  if (input.authorization) headers.authorization = input.authorization;
  Object.assign(headers, input.headers);
  return request;
}

/** A call's answer as its schema parses it; a text answer ('vcard', 'html') is the text itself. */
export type Answer<C extends Call> = C extends { readonly answer: infer A extends z.ZodType } ? z.output<A> : string;
/** The success branch of a call's answer (the text itself for text answers). */
export type Success<C extends Call> = C extends { readonly answer: infer A extends z.ZodType } ? Extract<z.output<A>, { success: 'true' }> : string;
/** The failure branch of a call's answer (e.g. a declined order lookup still carries the order). */
export type FailureAnswer<C extends Call> = C extends { readonly answer: infer A extends z.ZodType } ? Extract<z.output<A>, { success: 'false' }> : Failure;

/**
 * A read answer: the call's success, the call's failure answer (with its message and field errors), or
 * a drift: a body that is not in the contract's shape at all (not JSON, a wrong field), which says the
 * server and the contract disagree rather than that the call failed.
 */
export type AnswerResult<C extends Call> =
  | { ok: true; status: number; answer: Success<C> }
  | { ok: false; kind: 'failure'; status: number; answer: FailureAnswer<C>; message: string; errors: Record<string, string> }
  | { ok: false; kind: 'drift'; status: number; text: string; problem: string };

/** Reads a call's answer from its HTTP status and body text with the call's answer schema. */
export function parseAnswer<C extends Call>(call: C, status: number, text: string): AnswerResult<C> {
  const textAnswer = typeof call.answer === 'string';
  // A text answer's success is its HTTP status; its failure is the JSON failure shape.
  if (textAnswer && status >= 200 && status < 300) return { ok: true, status, answer: text as Success<C> };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, kind: 'drift', status, text, problem: 'the answer is not JSON' };
  }
  const schema = textAnswer ? failureSchema : (call.answer as z.ZodType);
  const parsed = schema.safeParse(json);
  if (!parsed.success) return { ok: false, kind: 'drift', status, text, problem: `the answer of ${call.method} ${call.path} does not match the contract: ${parsed.error.message}` };
  const answer = parsed.data as { success: 'true' | 'false'; message?: string; errors?: { field: string; message: string }[] };
  if (answer.success === 'true') return { ok: true, status, answer: answer as unknown as Success<C> };
  return {
    ok: false,
    kind: 'failure',
    status,
    answer: answer as unknown as FailureAnswer<C>,
    message: answer.message ?? '',
    errors: Object.fromEntries((answer.errors ?? []).map((e) => [e.field, e.message])),
  };
}

/** The parsed answer, success or failure; a drift throws (test clients: a drift fails the test). */
export function answerOrThrow<C extends Call>(result: AnswerResult<C>): Success<C> | FailureAnswer<C> {
  if (result.ok) return result.answer;
  if (result.kind === 'failure') return result.answer;
  throw new Error(`${result.problem} (HTTP ${result.status})\n${result.text.slice(0, 500)}`);
}

export interface ContractClientOptions {
  /** Where the contract's paths start, e.g. the upstream's address or a gateway's `…/api`. */
  baseUrl: string;
  fetch?: typeof fetch;
  /** Each request's time limit (default: none). */
  timeoutMs?: number;
  /** Headers sent with every request (a call's own headers win). */
  headers?: Record<string, string>;
}

/** A fetch client's per-request options beside the call's input. */
export interface RequestOptions {
  timeoutMs?: number;
  signal?: AbortSignal;
}

export interface ContractClient {
  /** Sends one call and reads its answer; a network failure or a timeout rejects. */
  send<C extends Call>(call: C, ...args: CallArgs<C, RequestOptions>): Promise<AnswerResult<C>>;
  /** The same without the input's type check, for tests that send invalid input on purpose. */
  sendUnchecked<C extends Call>(call: C, input: LooseInput & RequestOptions): Promise<AnswerResult<C>>;
}

/** A small fetch client of the contract (the gateway's upstream calls, the test packages). */
export function contractClient(options: ContractClientOptions): ContractClient {
  const doFetch = options.fetch ?? fetch;
  const base = options.baseUrl.replace(/\/$/, '');
  async function sendLoose<C extends Call>(call: C, input: LooseInput & RequestOptions): Promise<AnswerResult<C>> {
    const request = buildLooseRequest(call, { ...input, headers: { ...options.headers, ...input.headers } });
    const timeoutMs = input.timeoutMs ?? options.timeoutMs;
    const signals = [input.signal, timeoutMs === undefined ? undefined : AbortSignal.timeout(timeoutMs)].filter((s): s is AbortSignal => s !== undefined);
    const res = await doFetch(base + request.url, {
      method: request.method,
      headers: request.headers,
      ...(request.form ? { body: request.form } : request.body === undefined ? {} : { body: request.body }),
      ...(signals.length > 0 ? { signal: signals.length === 1 ? signals[0] : AbortSignal.any(signals) } : {}),
    });
    return parseAnswer(call, res.status, await res.text());
  }
  return {
    send: (call, ...args) => sendLoose(call, (args[0] ?? {}) as LooseInput & RequestOptions),
    sendUnchecked: sendLoose,
  };
}
