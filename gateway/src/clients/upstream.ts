import { SERVICE_KEY_HEADER, calls, contractClient, doorCalls, type AdminEvent, type DoorSession, type AttendeeToken, type Call, type CallArgs, type ChipRecord, type ContractClient, type Event, type LiveState, type RequestOptions, type Success, serviceCalls } from '@tapcard/shared/contract';
import type { ErrorCode } from '@tapcard/shared/realtime';

/** The few upstream calls the gateway makes itself, over HTTP only, through the contract's client. */

/** A refusal carries the upstream's own message when its answer had one. */
export type UpstreamResult<T> = { ok: true; data: T } | { ok: false; code: ErrorCode; status: number; message?: string };

/** The `data` of a call's success answer. */
type DataOf<C extends Call> = Success<C> extends { data: infer D } ? D : never;

export interface UpstreamClientOptions {
  baseUrl: string;
  serviceKey: string;
  timeoutMs: number;
}

function codeForStatus(status: number): ErrorCode {
  if (status === 401 || status === 403) return 'forbidden';
  // 410: an access token whose ticket went to someone else; it will not work again.
  if (status === 404 || status === 410) return 'not_found';
  if (status === 400 || status === 422) return 'invalid';
  if (status === 429) return 'rate_limited';
  return 'unavailable';
}

export class UpstreamClient {
  private readonly client: ContractClient;

  constructor(private readonly options: UpstreamClientOptions) {
    this.client = contractClient({ baseUrl: options.baseUrl, timeoutMs: options.timeoutMs });
  }

  liveState(eventId: string, since: number | undefined, timeoutMs?: number): Promise<UpstreamResult<LiveState>> {
    return this.send(serviceCalls.liveState, { params: { id: eventId }, query: { since }, headers: { [SERVICE_KEY_HEADER]: this.options.serviceKey }, timeoutMs });
  }

  eventToken(tid: string, timeoutMs?: number): Promise<UpstreamResult<AttendeeToken>> {
    return this.send(calls.eventToken, { params: { id: tid }, timeoutMs });
  }

  chip(chipId: string, authorization: string | undefined, timeoutMs?: number): Promise<UpstreamResult<ChipRecord>> {
    return this.send(calls.chip, { params: { id: chipId }, authorization, timeoutMs });
  }

  adminEvent(eventId: string, authorization: string, timeoutMs?: number): Promise<UpstreamResult<AdminEvent>> {
    return this.send(calls.adminEvent, { params: { id: eventId }, authorization, timeoutMs });
  }

  /** The organiser's own event (the light read: no attendees or chats), to recheck an organiser's claim. */
  event(eventId: string, authorization: string, timeoutMs?: number): Promise<UpstreamResult<Event>> {
    return this.send(calls.getEvent, { params: { id: eventId }, authorization, timeoutMs });
  }

  /** What a staff phone's door session is for; refused (forbidden) once its staff link is revoked or expired. */
  doorSession(session: string, timeoutMs?: number): Promise<UpstreamResult<DoorSession>> {
    return this.send(doorCalls.doorSession, { body: { session }, timeoutMs });
  }

  /** True when the upstream's GET /healthz answers 2xx within the timeout. */
  async healthy(timeoutMs: number): Promise<boolean> {
    try {
      const res = await fetch(`${this.options.baseUrl}/healthz`, { signal: AbortSignal.timeout(timeoutMs) });
      await res.arrayBuffer();
      return res.ok;
    } catch {
      return false;
    }
  }

  /**
   * One call of the contract, its input typed by the call's schemas: the success answer's data, or
   * an error code (HTTP errors by status, a failure answer as not found, no answer or one outside
   * the contract as unavailable).
   */
  async send<C extends Call>(call: C, ...args: CallArgs<C, RequestOptions>): Promise<UpstreamResult<DataOf<C>>> {
    let result;
    try {
      result = await this.client.send(call, ...args);
    } catch {
      return { ok: false, code: 'unavailable', status: 0 };
    }
    if (result.status >= 300) {
      const message = !result.ok && result.kind === 'failure' ? result.message : undefined;
      return { ok: false, code: codeForStatus(result.status), status: result.status, ...(message ? { message } : {}) };
    }
    if (result.ok) return { ok: true, data: (result.answer as unknown as { data: DataOf<C> }).data };
    return { ok: false, code: result.kind === 'failure' ? 'not_found' : 'unavailable', status: result.status };
  }
}
