import { expect } from 'vitest';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  created_at: string;
}

/** The dev outbox (no SMTP configured): the newest mail to `to`, waiting for it to arrive. */
export async function latestMail(baseUrl: string, to: string, options: { after?: string; timeoutMs?: number } = {}): Promise<Mail> {
  const until = Date.now() + (options.timeoutMs ?? 10_000);
  for (;;) {
    const res = await fetch(`${baseUrl}/api/dev/outbox?to=${encodeURIComponent(to.toLowerCase())}`, { headers: { accept: 'application/json' } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { data: Mail[] };
    const mail = body.data.find((m) => !options.after || m.created_at > options.after);
    if (mail) return mail;
    if (Date.now() > until) throw new Error(`no mail to ${to} within the time limit`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The first run of 6 digits in a mail (the verification code). */
export function codeIn(mail: Mail): string {
  const match = /\b(\d{6})\b/.exec(mail.text);
  if (!match?.[1]) throw new Error(`no code in mail: ${mail.text}`);
  return match[1];
}

/** The first URL in a mail whose path contains `fragment`. */
export function linkIn(mail: Mail, fragment: string): string {
  const link = mail.text.match(/https?:\/\/\S+/g)?.find((u) => u.includes(fragment));
  if (!link) throw new Error(`no link with ${fragment} in mail: ${mail.text}`);
  return link;
}
