import { PRODUCT_NAME } from '@tapcard/shared/constants';
import { upstreamPages } from '@tapcard/shared/contract';
import { formatNaira } from '@tapcard/shared/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { TestPayment, TestPaymentProvider } from '../../domain/payments.js';

/**
 * The built-in test payment provider's hosted page: the amount, the reference and two buttons that
 * approve or decline, then a 303 back to the order's callback URL with `?reference=…&status=success|failed`.
 * Plain HTML forms with inline CSS only (the gateway's CSP allows no inline script). The browser
 * reaches it through the gateway as /api/pay/test/<ref>, so the form posts to a relative URL.
 */

export const TEST_PAYMENTS_TITLE = `${PRODUCT_NAME} test payments`;

/** References are URL-safe ids (domain/orders.ts); anything else is no payment of ours. */
const REFERENCE = /^[A-Za-z0-9_-]{1,128}$/;

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for HTML content and double- or single-quoted attributes. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

/** `callback` with `reference` and `status` set in its query, whatever query it already has. */
export function callbackWith(callback: string, publicUrl: string, reference: string, decision: 'paid' | 'declined'): string {
  const url = new URL(callback, publicUrl);
  url.searchParams.set('reference', reference);
  url.searchParams.set('status', decision === 'paid' ? 'success' : 'failed');
  return url.href;
}

const CSS = `
*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f3f4f6;color:#111827;line-height:1.5}
main{max-width:28rem;margin:0 auto;padding:1.5rem 1rem}
.card{background:#fff;border-radius:12px;padding:1.5rem;box-shadow:0 1px 3px rgba(0,0,0,.12)}
.brand{margin:0 0 1rem;font-weight:700;font-size:1.125rem}
.brand span{display:inline-block;margin-left:.5rem;padding:.125rem .5rem;border-radius:999px;background:#fef3c7;color:#78350f;font-size:.75rem;font-weight:600;vertical-align:middle}
h1{font-size:1.375rem;margin:0 0 .5rem}
p{margin:0 0 1rem}
.note{color:#4b5563;font-size:.9375rem}
dl{margin:0 0 1.5rem}
dl div{display:flex;flex-wrap:wrap;justify-content:space-between;column-gap:1rem;padding:.625rem 0;border-bottom:1px solid #e5e7eb}
dt{color:#4b5563}
dd{margin:0 0 0 auto;font-weight:600;text-align:right;overflow-wrap:anywhere;min-width:0}
.ref{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-size:.9375rem}
.amount{font-size:1.25rem}
.error{color:#991b1b;background:#fee2e2;border-radius:8px;padding:.75rem}
.actions{display:grid;gap:.75rem}
button,.link{display:block;width:100%;min-height:48px;padding:.75rem 1rem;border-radius:8px;font:inherit;font-weight:600;text-align:center;text-decoration:none;cursor:pointer}
.approve{background:#166534;color:#fff;border:2px solid #166534}
.decline{background:#fff;color:#991b1b;border:2px solid #991b1b}
.link{background:#1f2937;color:#fff;border:2px solid #1f2937}
button:focus-visible,.link:focus-visible{outline:3px solid #2563eb;outline-offset:2px}
@media (prefers-color-scheme:dark){body{background:#111827;color:#f9fafb}.card{background:#1f2937}.note,dt{color:#d1d5db}dl div{border-color:#374151}.decline{background:#1f2937;color:#fecaca;border-color:#fecaca}.link{background:#f9fafb;color:#111827;border-color:#f9fafb}}
`;

function page(title: string, content: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<meta name="robots" content="noindex, nofollow">
<title>${escapeHtml(title)} · ${escapeHtml(TEST_PAYMENTS_TITLE)}</title>
<style>${CSS}</style>
</head>
<body>
<main>
<div class="card">
<p class="brand">${escapeHtml(TEST_PAYMENTS_TITLE)} <span>Test mode</span></p>
${content}
</div>
</main>
</body>
</html>
`;
}

function details(payment: TestPayment): string {
  return `<dl>
<div><dt>Amount</dt><dd class="amount">${escapeHtml(formatNaira(payment.amount))}</dd></div>
<div><dt>Reference</dt><dd class="ref">${escapeHtml(payment.reference)}</dd></div>
<div><dt>Email</dt><dd>${escapeHtml(payment.email)}</dd></div>
</dl>`;
}

function payPage(payment: TestPayment, error?: string): string {
  // Relative to /…/pay/test/<ref>: resolves to /…/pay/test/<ref>/decision behind any prefix.
  const action = `./${encodeURIComponent(payment.reference)}/decision`;
  return page(
    'Confirm payment',
    `<h1>Confirm your payment</h1>
<p class="note">This page stands in for a card payment provider: no card is charged and no money moves.</p>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
${details(payment)}
<form method="post" action="${escapeHtml(action)}" class="actions">
<button type="submit" name="decision" value="approve" class="approve">Approve payment</button>
<button type="submit" name="decision" value="decline" class="decline">Decline payment</button>
</form>`,
  );
}

function decidedPage(payment: TestPayment & { decision: 'paid' | 'declined' }, publicUrl: string): string {
  const verb = payment.decision === 'paid' ? 'approved' : 'declined';
  const next = callbackWith(payment.callbackUrl, publicUrl, payment.reference, payment.decision);
  return page(
    `Payment already ${verb}`,
    `<h1>This payment was already ${verb}</h1>
<p class="note">A payment can be approved or declined only once.</p>
${details(payment)}
<div class="actions"><a class="link" href="${escapeHtml(next)}">Continue</a></div>`,
  );
}

function notFoundPage(publicUrl: string): string {
  return page(
    'Payment not found',
    `<h1>Payment not found</h1>
<p class="note">There is no payment with this reference. Check the link, or start again from the shop.</p>
<div class="actions"><a class="link" href="${escapeHtml(`${publicUrl}/`)}">Go to the homepage</a></div>`,
  );
}

function sendPage(reply: FastifyReply, status: number, html: string): FastifyReply {
  return reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .header('x-frame-options', 'DENY')
    .header('x-content-type-options', 'nosniff')
    .send(html);
}

function decisionOf(body: unknown): 'paid' | 'declined' | null {
  const value = typeof body === 'object' && body !== null ? (body as Record<string, unknown>).decision : undefined;
  if (value === 'approve') return 'paid';
  if (value === 'decline') return 'declined';
  return null;
}

export default async function testProviderRoutes(app: FastifyInstance, opts: { provider: TestPaymentProvider }): Promise<void> {
  const { provider } = opts;
  const publicUrl = app.config.publicUrl;

  // The page's form posts application/x-www-form-urlencoded (this plugin's scope only).
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  const paymentOf = async (reference: string) => (REFERENCE.test(reference) ? provider.payment(reference) : undefined);

  app.get<{ Params: { reference: string } }>(upstreamPages.testProvider, async (request, reply) => {
    const payment = await paymentOf(request.params.reference);
    if (!payment) return sendPage(reply, 404, notFoundPage(publicUrl));
    if (payment.decision) return sendPage(reply, 409, decidedPage({ ...payment, decision: payment.decision }, publicUrl));
    return sendPage(reply, 200, payPage(payment));
  });

  app.post<{ Params: { reference: string } }>(upstreamPages.testProviderDecision, async (request, reply) => {
    const payment = await paymentOf(request.params.reference);
    if (!payment) return sendPage(reply, 404, notFoundPage(publicUrl));
    if (payment.decision) return sendPage(reply, 409, decidedPage({ ...payment, decision: payment.decision }, publicUrl));
    const decision = decisionOf(request.body);
    if (!decision) return sendPage(reply, 400, payPage(payment, 'Choose Approve payment or Decline payment.'));
    if (!(await provider.decide(payment.reference, decision))) {
      // Another decision won the race.
      const now = await provider.payment(payment.reference);
      if (now?.decision) return sendPage(reply, 409, decidedPage({ ...now, decision: now.decision }, publicUrl));
      return sendPage(reply, 404, notFoundPage(publicUrl));
    }
    return reply.code(303).header('location', callbackWith(payment.callbackUrl, publicUrl, payment.reference, decision)).send();
  });
}
