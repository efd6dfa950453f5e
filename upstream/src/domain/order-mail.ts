import { findPickupBranch, formatNaira } from '@tapcard/shared/domain';
import { pages } from '@tapcard/shared/pages';
import type { FastifyInstance } from 'fastify';
import type { Row } from '../db/schema.js';
import { orderConfirmationMail, type MailOrderItem } from '../mail/order-mails.js';

function orderItems(json: string): MailOrderItem[] {
  try {
    const parsed = JSON.parse(json) as unknown;
    if (!Array.isArray(parsed)) return [];
    return parsed.map((i: { color?: unknown; qty?: unknown; price?: unknown }) => ({
      name: typeof i.color === 'string' ? i.color : 'Item',
      qty: Number(i.qty) || 0,
      price: Number(i.price) || 0,
    }));
  } catch {
    return [];
  }
}

/**
 * Mails the confirmation of a paid order to its buyer: the items, the totals in naira, delivery or
 * pickup, and the link to the order's page. The mail is queued (app.mailer), so a send that fails
 * now is retried later; this resolves once the mail is stored, and rejects only when it could not be.
 */
export async function mailOrderConfirmation(app: FastifyInstance, order: Row<'orders'>): Promise<void> {
  const branch = order.pickup ? findPickupBranch(order.pickup) : undefined;
  const content = orderConfirmationMail({
    reference: order.reference,
    name: order.name,
    kind: order.kind,
    items: orderItems(order.items),
    total: order.total,
    vat: order.vat,
    shipping: order.shipping,
    final_total: order.final_total,
    method: order.method,
    address: [order.address, order.city, order.state, order.country].map((p) => p.trim()).filter(Boolean).join(', '),
    pickup: branch ? `${branch.name}, ${branch.address}` : (order.pickup ?? ''),
    link: `${app.config.publicUrl}${pages.orderDetails(order.reference)}`,
  });
  await app.mailer.send({ to: order.email, ...content });
  app.log.info({ orderId: order.id, total: formatNaira(order.final_total) }, 'order confirmation queued');
}
