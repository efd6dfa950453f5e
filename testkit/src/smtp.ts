import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A real SMTP server in the test process: every mail it accepts, parsed (mailparser). */
export interface TestSmtp {
  readonly port: number;
  /** smtp://127.0.0.1:<port> for the upstream's SMTP_URL. */
  readonly url: string;
  readonly mails: ParsedMail[];
  /** Resolves with the first accepted mail matching `match` (already there or still to come). */
  waitFor(match: (mail: ParsedMail) => boolean, timeoutMs?: number): Promise<ParsedMail>;
  /** Stops listening (mail sent meanwhile fails to connect). */
  stop(): Promise<void>;
  /** Listens again on the same port. */
  start(): Promise<void>;
}

/** Starts the server on 127.0.0.1 (`port` 0 picks a free one). No TLS and no login: loopback only. */
export async function startTestSmtp(port = 0): Promise<TestSmtp> {
  const mails: ParsedMail[] = [];
  const waiters = new Set<() => void>();
  let server: SMTPServer | undefined;
  let boundPort = port;

  const listen = async (): Promise<void> => {
    const next = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, _session, callback) {
        // skipImageLinks: the HTML keeps its cid: references as sent, instead of data: URLs.
        simpleParser(stream, { skipImageLinks: true })
          .then((mail) => {
            mails.push(mail);
            for (const wake of waiters) wake();
            callback();
          })
          .catch((err: Error) => callback(err));
      },
    });
    await new Promise<void>((resolve, reject) => {
      next.once('error', reject);
      next.listen(boundPort, '127.0.0.1', () => {
        next.off('error', reject);
        resolve();
      });
    });
    boundPort = (next.server.address() as AddressInfo).port;
    server = next;
  };

  await listen();
  return {
    get port() {
      return boundPort;
    },
    get url() {
      return `smtp://127.0.0.1:${boundPort}`;
    },
    mails,
    waitFor(match, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = mails.find(match);
          if (!found) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching mail within ${timeoutMs} ms (${mails.length} received)`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    async stop() {
      const current = server;
      server = undefined;
      if (current) await new Promise<void>((resolve) => current.close(() => resolve()));
    },
    start: listen,
  };
}

/** Matches a mail addressed to `address` (case-insensitive). */
export function sentTo(address: string): (mail: ParsedMail) => boolean {
  const wanted = address.toLowerCase();
  return (mail) => mail.to !== undefined && !Array.isArray(mail.to) && mail.to.value.some((a) => a.address?.toLowerCase() === wanted);
}

/** The first URL in a mail's text version whose path contains `fragment`. */
export function linkInMail(mail: ParsedMail, fragment: string): URL {
  const link = (mail.text ?? '').match(/https?:\/\/\S+/g)?.find((u) => u.includes(fragment));
  if (!link) throw new Error(`no link with ${fragment} in mail: ${mail.text ?? ''}`);
  return new URL(link);
}
