import type { IncomingMessage } from 'node:http';

type AllowRequest = (req: IncomingMessage, callback: (err: string | null | undefined, success: boolean) => void) => void;

/**
 * Socket.IO's allowRequest runs for every new session, on the polling handshake and on a direct
 * websocket upgrade alike, so one check covers both transports.
 */
export function originCheck(allowedOrigins: readonly string[]): AllowRequest {
  const allowed = new Set(allowedOrigins);
  return (req, callback) => {
    const origin = req.headers.origin;
    // No Origin: a same-origin browser GET (polling) or a non-browser client; neither rides on a victim's cookies, and every subscription is proved by a credential in the payload.
    if (origin === undefined) return callback(null, true);
    if (allowed.has(origin)) return callback(null, true);
    callback('origin not allowed', false);
  };
}
