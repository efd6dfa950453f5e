import {
  buildLooseRequest,
  buildPath,
  parseAnswer,
  withQuery,
  type Call,
  type CallArgs,
  type FailureAnswer,
  type LooseInput,
  type Success,
} from '@tapcard/shared/contract';
import { messages } from '@tapcard/shared/rules';
import { ApiError } from './api-error.js';
import { API_BASE } from './image.js';
import { navigateTo } from './navigation.js';
import { reportNetwork } from './online.js';
import { routes } from './paths.js';
import { clearSession, currentAuthorization } from './session.js';
import { notify } from './toast.js';

/**
 * The one API layer: every call of the shared contract goes through `api()`, which builds the request
 * with the contract's client (its input typed by the call's schemas), sends the stored Authorization
 * header where the call takes it, and parses the answer with the contract's schema into a typed
 * result, so no component compares strings to 'true'.
 *
 * HTTP 401 on a signed-in call clears the session and the dashboard cache and goes to login. A network
 * failure marks the app offline (the banner). A read that fails on the network goes to the no-internet
 * page (its 'Try again' asks again); a write never leaves the page, so what the user typed stays: it
 * toasts the network error and the caller keeps its form. `background` calls (polls) do neither.
 */

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

/** The browser's own options beside the call's input (params, query, body or form, authorization). */
export interface ApiOptions {
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

/** What `api()` takes after the call: the call's typed input, optional only when nothing in it is required. */
export type ApiArgs<C extends Call> = CallArgs<C, ApiOptions>;

/** A failure without a readable answer: the upstream's own 500 text. */
export const SERVER_ERROR = messages.serverError;
/** The no-internet text, also the toast of a write that could not be sent. */
export const NETWORK_ERROR = 'Network Error - Unable to connect to the internet. Please check your device connection and try again.';

/** Where calls go: the gateway's proxy for the browser; the upstream itself when the server renders a page. */
let apiBase = API_BASE;

/** Server rendering (entry-server) only: the upstream's own address, which the browser reaches at '/api'. */
export function setApiBase(base: string): void {
  apiBase = base.replace(/\/$/, '');
}

export function apiUrl(call: Call, input: Pick<LooseInput, 'params' | 'query'> = {}): string {
  return apiBase + withQuery(buildPath(call.path, input.params), input.query);
}

export function authHeaders(call: Call): Record<string, string> {
  const token = call.auth === 'bearer' || call.auth === 'optional' ? currentAuthorization() : null;
  return token ? { Authorization: token } : {};
}

export async function api<C extends Call>(call: C, ...args: ApiArgs<C>): Promise<ApiResult<C>> {
  const input = (args[0] ?? {}) as LooseInput & ApiOptions;
  const request = buildLooseRequest(call, { ...input, authorization: input.authorization || authHeaders(call).Authorization });

  let response: Response;
  try {
    response = await fetch(apiBase + request.url, {
      method: request.method,
      headers: request.headers,
      body: request.form ?? request.body,
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
    return { ok: false, status: 0, message: NETWORK_ERROR, errors: {}, kind: 'network' };
  }
  reportNetwork(false);

  if (response.status === 401 && call.auth === 'bearer' && !input.background) {
    clearSession();
    navigateTo(routes.login, { replace: true });
  }

  const result = parseAnswer(call, response.status, await response.text().catch(() => ''));
  if (result.ok) return result;
  if (result.kind === 'failure') {
    return { ok: false, status: result.status, message: result.message, errors: result.errors, kind: 'failure', body: result.answer };
  }
  // A text answer (vCard) that failed without the failure shape is still the call's failure.
  if (typeof call.answer === 'string') return { ok: false, status: result.status, message: SERVER_ERROR, errors: {}, kind: 'failure' };
  console.error(result.problem);
  return { ok: false, status: result.status, message: SERVER_ERROR, errors: {}, kind: 'invalid' };
}

/** The success answer, or throws ApiError (for useQuery / useMutation). */
export async function apiOrThrow<C extends Call>(call: C, ...args: ApiArgs<C>): Promise<Success<C>> {
  const result = await api(call, ...args);
  if (!result.ok) throw new ApiError(result.message, result.status, result.errors, result.kind);
  return result.answer;
}

export { ApiError };
