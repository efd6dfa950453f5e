import { buildPath, type Answer, type Call } from '@tapcard/shared/contract';
import type { z } from 'zod';
import { ApiError } from './api-error.js';
import { API_BASE } from './image.js';
import { navigateTo } from './navigation.js';
import { reportNetwork } from './online.js';
import { routes } from './paths.js';
import { clearSession, currentAuthorization } from './session.js';
import { notify } from './toast.js';

/**
 * The one API layer: every call of the shared contract goes through `api()`, which builds the URL,
 * sends the stored Authorization header where the call takes it, and parses the answer with the
 * contract's schema into a typed result, so no component compares strings to 'true'.
 *
 * HTTP 401 on a signed-in call clears the session and the dashboard cache and goes to login. A network
 * failure marks the app offline (the banner). A read that fails on the network goes to the no-internet
 * page (its 'Try again' asks again); a write never leaves the page, so what the user typed stays: it
 * toasts the network error and the caller keeps its form. `background` calls (polls) do neither.
 */

/** The success branch of a call's answer (the text itself for vCard answers). */
type Success<C extends Call> = C['answer'] extends z.ZodType ? Extract<Answer<C>, { success: 'true' }> : string;

/** The failure branch of a call's answer (e.g. a declined order lookup still carries the order). */
type FailureAnswer<C extends Call> = C['answer'] extends z.ZodType ? Extract<Answer<C>, { success: 'false' }> : never;

export type ApiResult<C extends Call> =
  | { ok: true; status: number; answer: Success<C> }
  | {
      ok: false;
      status: number;
      message: string;
      errors: Record<string, string>;
      kind: 'failure' | 'network' | 'invalid';
      /** The parsed failure answer, when the server sent one in the contract's shape (kind 'failure'). */
      body?: FailureAnswer<C>;
    };

export interface ApiInput {
  params?: Record<string, string>;
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  /** A multipart body (uploads); sent as is. */
  form?: FormData;
  signal?: AbortSignal;
  /** Background calls (polls) never navigate away on a network error or a 401. */
  background?: boolean;
  /** The request outlives the page (logout: closing the tab right after must not cancel it). */
  keepalive?: boolean;
  /**
   * An Authorization value for this call instead of the stored session's (account creation sends
   * create-card with the token sign-up just returned, before the session is saved).
   */
  authorization?: string;
}

export const SERVER_ERROR = 'Server error';
/** The no-internet text (part 1 §2.11), also the toast of a write that could not be sent. */
export const NETWORK_ERROR = 'Network Error - Unable to connect to the internet. Please check your device connection and try again.';

/** Where calls go: the gateway's proxy for the browser; the upstream itself when the server renders a page. */
let apiBase = API_BASE;

/** Server rendering (entry-server) only: the upstream's own address, which the browser reaches at '/api'. */
export function setApiBase(base: string): void {
  apiBase = base.replace(/\/$/, '');
}

export function apiUrl(call: Call, input: Pick<ApiInput, 'params' | 'query'> = {}): string {
  let url = apiBase + buildPath(call.path, input.params);
  const entries = Object.entries(input.query ?? {}).filter((e): e is [string, string | number] => e[1] !== undefined);
  if (entries.length > 0) url += `?${new URLSearchParams(entries.map(([k, v]) => [k, String(v)])).toString()}`;
  return url;
}

export function authHeaders(call: Call): Record<string, string> {
  const token = call.auth === 'bearer' || call.auth === 'optional' ? currentAuthorization() : null;
  return token ? { Authorization: token } : {};
}

function failure(status: number, message: string, kind: 'failure' | 'network' | 'invalid', errors: Record<string, string> = {}, body?: never) {
  return body === undefined ? { ok: false as const, status, message, errors, kind } : { ok: false as const, status, message, errors, kind, body };
}

export async function api<C extends Call>(call: C, input: ApiInput = {}): Promise<ApiResult<C>> {
  const headers: Record<string, string> = { Accept: 'application/json', ...(input.authorization ? { Authorization: input.authorization } : authHeaders(call)) };
  let body: BodyInit | undefined;
  if (input.form) body = input.form;
  else if (input.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(input.body);
  }

  let response: Response;
  try {
    response = await fetch(apiUrl(call, input), {
      method: call.method,
      headers,
      body,
      signal: input.signal,
      credentials: 'same-origin',
      ...(input.keepalive ? { keepalive: true } : {}),
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    reportNetwork(true);
    if (!input.background) {
      if (call.method === 'GET') navigateTo(routes.noInternet);
      else notify.error(NETWORK_ERROR);
    }
    return failure(0, NETWORK_ERROR, 'network');
  }
  reportNetwork(false);

  if (response.status === 401 && call.auth === 'bearer' && !input.background) {
    clearSession();
    navigateTo(routes.login, { replace: true });
  }

  if (typeof call.answer === 'string') {
    // Text answers (vCard): success is the HTTP status.
    if (response.ok) return { ok: true, status: response.status, answer: (await response.text()) as unknown as Success<C> };
    return failure(response.status, await messageOf(response), 'failure');
  }

  let json: unknown;
  try {
    json = await response.json();
  } catch {
    return failure(response.status, SERVER_ERROR, 'invalid');
  }
  const parsed = (call.answer as z.ZodType).safeParse(json);
  if (!parsed.success) {
    console.error(`answer of ${call.summary} does not match the contract`, parsed.error);
    return failure(response.status, SERVER_ERROR, 'invalid');
  }
  const answer = parsed.data as { success: 'true' | 'false'; message?: string; errors?: { field: string; message: string }[] };
  if (answer.success === 'true') return { ok: true, status: response.status, answer: answer as unknown as Success<C> };
  return failure(
    response.status,
    answer.message ?? SERVER_ERROR,
    'failure',
    Object.fromEntries((answer.errors ?? []).map((e) => [e.field, e.message])),
    parsed.data as never,
  );
}

async function messageOf(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { message?: unknown };
    return typeof body.message === 'string' ? body.message : SERVER_ERROR;
  } catch {
    return SERVER_ERROR;
  }
}


/** The success answer, or throws ApiError (for useQuery / useMutation). */
export async function apiOrThrow<C extends Call>(call: C, input: ApiInput = {}): Promise<Success<C>> {
  const result = await api(call, input);
  if (!result.ok) throw new ApiError(result.message, result.status, result.errors, result.kind);
  return result.answer;
}

export { ApiError };
