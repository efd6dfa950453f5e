import { PRODUCT_NAME } from '@tapcard/shared/constants';
import type { MailAttachment } from '../lib/mailer.js';

/** A composed mail, without its recipient. */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
  attachments: MailAttachment[];
}

/** HTML-escapes an interpolated value. */
export function esc(value: string | number): string {
  return String(value).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

/** A paragraph of plain text (escaped; its line breaks kept). */
export function para(text: string): string {
  return `<p style="margin:0 0 16px;font-size:16px;line-height:1.5;color:#1f2328">${esc(text).replace(/\n/g, '<br>')}</p>`;
}

/** The mail's action: a button, and the same link written out for clients that do not show buttons. */
export function action(label: string, url: string): string {
  return (
    `<p style="margin:24px 0"><a href="${esc(url)}" style="display:inline-block;background:#1a56db;color:#ffffff;` +
    `text-decoration:none;font-weight:bold;font-size:16px;padding:12px 20px;border-radius:6px">${esc(label)}</a></p>` +
    `<p style="margin:0 0 16px;font-size:14px;line-height:1.5;color:#57606a">Or open this link: ` +
    `<a href="${esc(url)}" style="color:#1a56db;word-break:break-all">${esc(url)}</a></p>`
  );
}

/** A simple accessible page: the product's name, a heading, the body, a footer line. */
export function layout(heading: string, body: string, preheader = ''): string {
  return (
    '<!doctype html>\n<html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<title>${esc(heading)}</title></head>` +
    '<body style="margin:0;padding:0;background:#f6f8fa;font-family:Helvetica,Arial,sans-serif">' +
    (preheader ? `<div style="display:none;max-height:0;overflow:hidden">${esc(preheader)}</div>` : '') +
    '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f6f8fa"><tr><td align="center" style="padding:24px 12px">' +
    '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px;border:1px solid #d0d7de">' +
    `<tr><td style="padding:24px 28px 0;font-size:14px;font-weight:bold;color:#1a56db;letter-spacing:0.5px">${esc(PRODUCT_NAME)}</td></tr>` +
    `<tr><td style="padding:8px 28px 24px"><h1 style="margin:0 0 20px;font-size:22px;line-height:1.3;color:#1f2328">${esc(heading)}</h1>${body}</td></tr>` +
    '</table>' +
    `<p style="margin:16px 0 0;font-size:12px;color:#57606a">${esc(PRODUCT_NAME)}</p>` +
    '</td></tr></table></body></html>\n'
  );
}
