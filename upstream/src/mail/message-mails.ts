import { esc, layout, type MailContent } from './layout.js';

const LINK = /\bhttps?:\/\/[^\s<>"']+/g;
/** Punctuation that ends a sentence rather than a link. */
const TRAILING = /[.,;:!?)\]]+$/;

/**
 * The organiser's plain-text body as HTML: every character escaped, web links (http and https only)
 * made links, line breaks kept. Nothing the organiser types becomes markup.
 */
export function plainTextHtml(text: string): string {
  let html = '';
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    const start = match.index;
    const url = match[0].replace(TRAILING, '');
    html += esc(text.slice(last, start));
    html += `<a href="${esc(url)}" style="color:#1a56db;word-break:break-all">${esc(url)}</a>`;
    last = start + url.length;
  }
  html += esc(text.slice(last));
  return html.replace(/\r?\n/g, '<br>');
}

/**
 * An organiser's message to one attendee: their subject and body (plain text), who sent it, and the
 * way to stop the event's messages (`unsubscribeUrl`, a page whose button confirms).
 */
export function organiserMessageMail(input: { subject: string; body: string; eventTitle: string; unsubscribeUrl: string }): MailContent {
  const { subject, body, eventTitle, unsubscribeUrl } = input;
  const from = `A message from the organiser of ${eventTitle}.`;
  const stop = 'To stop receiving messages from the organiser of this event, unsubscribe here';
  const note = 'Your tickets and reminders will still arrive.';
  return {
    subject,
    text: `${body}\n\n--\n${from}\n${stop}: ${unsubscribeUrl}\n${note}\n`,
    html: layout(
      subject,
      `<p style="margin:0 0 16px;font-size:16px;line-height:1.5;color:#1f2328">${plainTextHtml(body)}</p>` +
        '<hr style="border:none;border-top:1px solid #d0d7de;margin:24px 0 16px">' +
        `<p style="margin:0 0 8px;font-size:13px;line-height:1.5;color:#57606a">${esc(from)}</p>` +
        `<p style="margin:0;font-size:13px;line-height:1.5;color:#57606a"><a href="${esc(unsubscribeUrl)}" style="color:#57606a">Unsubscribe from this event's messages</a>. ${esc(note)}</p>`,
      body.slice(0, 120),
    ),
    attachments: [],
  };
}
