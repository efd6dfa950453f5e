import { formatNaira } from '@tapcard/shared/domain';
import { action, esc, layout, para, type MailContent } from './layout.js';

export interface MailOrderItem {
  /** The card colour, or the ticket's name for a ticket order. */
  name: string;
  qty: number;
  /** Price of one, in naira. */
  price: number;
}

export interface MailOrder {
  reference: string;
  name: string;
  kind: 'cards' | 'ticket';
  items: MailOrderItem[];
  total: number;
  vat: number;
  shipping: number;
  final_total: number;
  method: 'delivery' | 'pickup';
  /** The delivery address on one line ('' for pickup). */
  address: string;
  /** The pickup branch's name and address ('' for delivery). */
  pickup: string;
  /** The order's page. */
  link: string;
}

/** The confirmation of a paid order: items, totals in naira, delivery or pickup, the order's page. */
export function orderConfirmationMail(order: MailOrder): MailContent {
  const itemLine = (i: MailOrderItem) => `${i.qty} × ${order.kind === 'cards' ? `${i.name} card` : `${i.name} ticket`}: ${formatNaira(i.price * i.qty)}`;
  const sums: [string, number][] = [
    ['Subtotal', order.total],
    ...(order.vat ? [['VAT', order.vat] as [string, number]] : []),
    ...(order.kind === 'cards' ? [[order.method === 'pickup' ? 'Pickup' : 'Delivery', order.shipping] as [string, number]] : []),
  ];
  const handover =
    order.kind === 'ticket'
      ? ''
      : order.method === 'pickup'
        ? `Pickup at: ${order.pickup || 'the branch you chose'}`
        : `Delivery to: ${order.address}`;
  const lines = {
    hello: `Hello ${order.name},`,
    thanks: `Thank you for your order. We have received your payment.`,
    reference: `Order reference: ${order.reference}`,
    status: `See your order and its status: ${order.link}`,
  };
  const text =
    [lines.hello, lines.thanks, lines.reference].join('\n\n') +
    '\n\n' +
    order.items.map(itemLine).join('\n') +
    '\n' +
    sums.map(([label, amount]) => `${label}: ${formatNaira(amount)}`).join('\n') +
    `\nTotal paid: ${formatNaira(order.final_total)}\n\n` +
    (handover ? `${handover}\n\n` : '') +
    `${lines.status}\n`;
  const cell = 'padding:6px 0;font-size:15px;color:#1f2328;border-bottom:1px solid #eaeef2';
  const rows =
    order.items.map((i) => `<tr><td style="${cell}">${esc(itemLine(i).split(': ')[0] ?? '')}</td><td align="right" style="${cell}">${esc(formatNaira(i.price * i.qty))}</td></tr>`).join('') +
    sums.map(([label, amount]) => `<tr><td style="${cell}">${esc(label)}</td><td align="right" style="${cell}">${esc(formatNaira(amount))}</td></tr>`).join('') +
    `<tr><td style="padding:8px 0;font-size:16px;font-weight:bold">Total paid</td><td align="right" style="padding:8px 0;font-size:16px;font-weight:bold">${esc(formatNaira(order.final_total))}</td></tr>`;
  const html = layout(
    'Thank you for your order',
    para(lines.hello) +
      para(lines.thanks) +
      para(lines.reference) +
      `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:0 0 16px;border-collapse:collapse"><caption style="text-align:left;font-weight:bold;padding-bottom:6px">Your order</caption>${rows}</table>` +
      (handover ? para(handover) : '') +
      action('See my order', order.link),
    `Order ${order.reference}: ${formatNaira(order.final_total)}`,
  );
  return { subject: `Your order ${order.reference}`, text, html, attachments: [] };
}
