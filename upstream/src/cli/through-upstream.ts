import type { z } from 'zod';
import { failureSchema, SERVICE_KEY_HEADER } from '@tapcard/shared/contract';
import type { UpstreamConfig } from '../config.js';
import { HttpError } from '../lib/http-error.js';

/** The routes through which the running upstream does a command's work (routes/local-commands.ts). */
export const LOCAL_COMMAND_PATHS = {
  mintCards: '/local/cards',
  mintChips: '/local/events/:eventId/chips',
} as const;

export interface UpstreamRequest<T extends z.ZodType> {
  path: string;
  body: unknown;
  /** The answer's data. */
  data: T;
}

/** The request never reached a server: nothing listens there. */
function nothingListens(error: unknown): boolean {
  const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
  return cause?.code === 'ECONNREFUSED';
}

/**
 * The embedded database admits one process only, so while the upstream (`pnpm start`) holds it a
 * command asks that upstream to do its work. Undefined when there is nobody to ask: on PostgreSQL (the
 * command opens the database itself), when nothing listens on UPSTREAM_PORT, or when what answers there
 * does not hold this DATA_DIR (another service key, no such route); the command then opens the
 * database itself. A refusal of the work itself (an unknown event) is thrown as an HttpError.
 */
export async function askRunningUpstream<T extends z.ZodType>(config: UpstreamConfig, request: UpstreamRequest<T>): Promise<z.output<T> | undefined> {
  if (config.databaseUrl) return undefined;
  const host = config.host === '::1' ? '[::1]' : '127.0.0.1';
  let res: Response;
  try {
    res = await fetch(`http://${host}:${config.port}${request.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [SERVICE_KEY_HEADER]: config.serviceKey },
      body: JSON.stringify(request.body),
    });
  } catch (error) {
    if (nothingListens(error)) return undefined;
    throw error;
  }
  const body: unknown = await res.json().catch(() => undefined);
  if (res.ok) {
    const done = request.data.safeParse(typeof body === 'object' && body !== null && 'data' in body ? body.data : undefined);
    return done.success ? done.data : undefined;
  }
  const refused = failureSchema.safeParse(body);
  const notOurs = !refused.success || res.status === 401 || res.status === 403 || (res.status === 404 && refused.data.message.startsWith('Route '));
  if (notOurs) return undefined;
  throw new HttpError(res.status, refused.data.message);
}
