import { SERVICE_KEY_HEADER, buildPath, calls } from '@tapcard/shared/contract';
import type { AdminEvent, AttendeeToken, ChipRecord, Event, Failure, LiveState } from '@tapcard/shared/contract';
import type { ErrorCode } from '@tapcard/shared/realtime';
import type { z } from 'zod';

/** The few upstream calls the gateway makes itself, over HTTP only. */

export type UpstreamResult<T> = { ok: true; data: T } | { ok: false; code: ErrorCode; status: number };
type WireAnswer<T> = { success: 'true'; data: T } | Failure;

export interface UpstreamClientOptions {
  baseUrl: string;
  serviceKey: string;
  timeoutMs: number;
}

function codeForStatus(status: number): ErrorCode {
  if (status === 401 || status === 403) return 'forbidden';
  if (status === 404) return 'not_found';
  if (status === 400 || status === 422) return 'invalid';
  if (status === 429) return 'rate_limited';
  return 'unavailable';
}

export class UpstreamClient {
  constructor(private readonly options: UpstreamClientOptions) {}

  liveState(eventId: string, since: number | undefined, timeoutMs?: number): Promise<UpstreamResult<LiveState>> {
    const query = since === undefined ? '' : `?since=${since}`;
    const path = buildPath(calls.liveState.path, { id: eventId }) + query;
    return this.get(path, calls.liveState.answer, { [SERVICE_KEY_HEADER]: this.options.serviceKey }, timeoutMs);
  }

  eventToken(tid: string, timeoutMs?: number): Promise<UpstreamResult<AttendeeToken>> {
    return this.get(buildPath(calls.eventToken.path, { id: tid }), calls.eventToken.answer, {}, timeoutMs);
  }

  chip(chipId: string, authorization: string | undefined, timeoutMs?: number): Promise<UpstreamResult<ChipRecord>> {
    const headers: Record<string, string> = authorization ? { authorization } : {};
    return this.get(buildPath(calls.chip.path, { id: chipId }), calls.chip.answer, headers, timeoutMs);
  }

  adminEvent(eventId: string, authorization: string, timeoutMs?: number): Promise<UpstreamResult<AdminEvent>> {
    return this.get(buildPath(calls.adminEvent.path, { id: eventId }), calls.adminEvent.answer, { authorization }, timeoutMs);
  }

  /** The organiser's own event (the light read: no attendees or chats), to recheck an organiser's claim. */
  event(eventId: string, authorization: string, timeoutMs?: number): Promise<UpstreamResult<Event>> {
    return this.get(buildPath(calls.getEvent.path, { id: eventId }), calls.getEvent.answer, { authorization }, timeoutMs);
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

  private async get<T>(
    path: string,
    schema: z.ZodType<WireAnswer<T>>,
    headers: Record<string, string>,
    timeoutMs = this.options.timeoutMs,
  ): Promise<UpstreamResult<T>> {
    let res: Response;
    let body: unknown;
    try {
      res = await fetch(`${this.options.baseUrl}${path}`, {
        headers: { accept: 'application/json', ...headers },
        signal: AbortSignal.timeout(timeoutMs),
      });
      body = await res.json();
    } catch {
      return { ok: false, code: 'unavailable', status: 0 };
    }
    if (res.status >= 300) return { ok: false, code: codeForStatus(res.status), status: res.status };
    const parsed = schema.safeParse(body);
    if (!parsed.success) return { ok: false, code: 'unavailable', status: res.status };
    if (parsed.data.success === 'false') return { ok: false, code: 'not_found', status: res.status };
    return { ok: true, data: parsed.data.data };
  }
}
