import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { REDACTED, logRedaction, requestForLog } from '@tapcard/shared/contract';

/** The servers' logger options: a credential named by a log line's fields never reaches the log. */
describe('log redaction', () => {
  it("censors credential fields at a line's top level and one object down, and keeps the rest", async () => {
    let text = '';
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        text += chunk.toString();
        done();
      },
    });
    const app = Fastify({ logger: { level: 'info', stream, serializers: { req: requestForLog }, redact: logRedaction } });
    await app.ready();
    app.log.info({ reference: 'TC-secret-1', orderId: 'order-1', total: '₦1,000' }, 'order confirmation queued');
    app.log.info({ order: { reference: 'TC-secret-2', token: 'tok-secret' }, err: { code: 'ECONNRESET' } }, 'nested');
    await app.close();
    expect(text).not.toMatch(/secret/);
    expect(text).toContain(`"reference":"${REDACTED}"`);
    expect(text).toContain('"orderId":"order-1"');
    expect(text).toContain('"code":"ECONNRESET"');
  });
});
