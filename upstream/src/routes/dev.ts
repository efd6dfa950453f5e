import type { FastifyInstance } from 'fastify';
import { PRODUCT_NAME } from '@tapcard/shared/constants';
import { upstreamPages } from '@tapcard/shared/contract';
import { escapeXml } from '@tapcard/shared/domain';
import { GATEWAY_FORWARDING_HEADERS, isLocalOnlyCaller } from '@tapcard/shared/net';
import { latestMails } from '../repositories/mail-outbox.js';

const FROM_GATEWAY: ReadonlySet<string> = new Set(GATEWAY_FORWARDING_HEADERS);

/** How many mails the outbox shows. */
export const OUTBOX_LIMIT = 50;

interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  created_at: string;
}

/**
 * The dev outbox: without SMTP_URL every mail (verification codes, reset links) lands in the database,
 * and this page shows the latest ones so a newcomer can finish sign-up on one machine. It is not
 * registered at all when SMTP is configured, and it answers this machine's callers only
 * (isLocalOnlyCaller): the client address as seen through the trusted proxy (the gateway's
 * X-Forwarded-For) is loopback and no other proxy or tunnel header is present; anyone else gets the
 * plain 404. The gateway applies the same rule to the headers it received (which it does not pass on).
 */
export default async function devRoutes(app: FastifyInstance): Promise<void> {
  if (app.config.smtpUrl) return;

  app.get<{ Querystring: { to?: unknown } }>(upstreamPages.devOutbox, async (request, reply) => {
    // The gateway's own forwarding headers are believed only from a trusted proxy (its X-Forwarded-For was read).
    const throughTrustedHop = request.ips !== undefined && request.ips.length > 1;
    if (!isLocalOnlyCaller(request.ip, request.headers, throughTrustedHop ? FROM_GATEWAY : undefined)) return reply.callNotFound();
    const to = typeof request.query.to === 'string' && request.query.to.trim() !== '' ? request.query.to.trim().toLowerCase() : null;
    const mails: OutboxMail[] = (await latestMails(app.db, to, OUTBOX_LIMIT)).map((m) => ({
      to: m.to_address,
      subject: m.subject,
      text: m.text,
      created_at: m.created_at.toISOString(),
    }));
    void reply.header('cache-control', 'no-store').header('vary', 'accept');
    if (wantsHtml(request.headers.accept)) {
      return reply
        .type('text/html; charset=utf-8')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
        .send(outboxPage(mails, to));
    }
    return { success: 'true', data: mails };
  });
}

/** True when the client prefers HTML (a browser) over JSON. */
function wantsHtml(accept: string | undefined): boolean {
  if (!accept) return false;
  const html = accept.indexOf('text/html');
  const json = accept.indexOf('application/json');
  return html !== -1 && (json === -1 || html < json);
}

function outboxPage(mails: readonly OutboxMail[], to: string | null): string {
  const e = escapeXml;
  const items = mails
    .map(
      (m) => `<article>
  <h2>${e(m.subject)}</h2>
  <p class="meta">To <strong>${e(m.to)}</strong> · <time datetime="${e(m.created_at)}">${e(m.created_at)}</time></p>
  <pre>${e(m.text)}</pre>
</article>`,
    )
    .join('\n');
  const heading = to ? `Mail to ${e(to)}` : 'All mail';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${e(PRODUCT_NAME)} dev outbox (development only)</title>
<style>
  body { font: 16px/1.5 system-ui, sans-serif; margin: 0 auto; max-width: 48rem; padding: 1rem; color: #1a1a1a; }
  article { border: 1px solid #ccc; border-radius: 8px; padding: 0 1rem; margin: 1rem 0; }
  h2 { font-size: 1.1rem; } .meta { color: #555; margin-top: -0.5rem; }
  pre { white-space: pre-wrap; word-break: break-word; background: #f6f6f6; padding: 0.75rem; border-radius: 4px; }
</style>
</head>
<body>
<h1>${e(PRODUCT_NAME)} dev outbox (development only)</h1>
<p role="note"><strong>Development only: nobody receives these mails.</strong> No SMTP server is configured (SMTP_URL), so mail is kept here instead of being sent. Set SMTP_URL to send real mail (each then goes out as text and HTML, with its QR code and calendar file); this page then no longer exists. Only each mail's text version is kept here.</p>
<p> ${heading}, newest first (latest ${OUTBOX_LIMIT}). Add <code>?to=you@example.com</code> to see one address.</p>
${items || '<p>No mail yet.</p>'}
</body>
</html>`;
}
