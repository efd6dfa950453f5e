import { describe, expect, it } from 'vitest';
import { calls } from './calls.js';
import { beaconCalls } from './owner-card.js';
import { buildPath } from './core.js';
import { REDACTED, redactUrl, requestForLog, urlCarriesSecret } from './secrets.js';
import { arenaSafetyCalls } from './arena-safety.js';
import { isCredential } from './credential.js';
import { everyCall } from './every-call.js';
import { historyCalls } from './history.js';

const TID = 'tid-0123456789abcdefghijklmnopqrstuvwxyzABCDEFG';

describe('redactUrl', () => {
  it("hides every credential parameter of every call, as the contract marks them, and keeps the others", () => {
    let marked = 0;
    for (const [name, call] of everyCall()) {
      const shape = (call.params?.shape ?? {}) as Record<string, unknown>;
      const secret = Object.keys(shape).filter((key) => isCredential(shape[key]));
      if (secret.length === 0) continue;
      marked += 1;
      const values = Object.fromEntries(Object.keys(shape).map((key) => [key, secret.includes(key) ? `${TID}-${key}` : `plain-${key}`]));
      const path = buildPath(call.path, values);
      for (const url of [path, `/api${path}`, `/api${path}?x=1`]) {
        const logged = redactUrl(url);
        for (const key of secret) expect(logged, name).not.toContain(`${TID}-${key}`);
        for (const key of Object.keys(shape).filter((k) => !secret.includes(k))) expect(logged, name).toContain(`plain-${key}`);
        expect(urlCarriesSecret(url), name).toBe(true);
      }
    }
    expect(marked).toBeGreaterThanOrEqual(11);
  });

  it("marks the access token of every attendee call that carries it in its path (the arena's, the chat history's)", () => {
    for (const call of [...Object.values(arenaSafetyCalls), historyCalls.chatHistory, calls.eventToken, calls.chat, calls.privateChat]) {
      const path = buildPath(call.path, { id: TID });
      expect(redactUrl(`/api${path}`), call.path).toBe(`/api${path.replace(TID, REDACTED)}`);
    }
  });

  it("hides an organiser message's unsubscribe token, on the API call and on the page", () => {
    const token = 'Unsubscribe_Token_0123456789';
    expect(redactUrl(`/api/event/public/api/unsubscribe/${token}`)).toBe(`/api/event/public/api/unsubscribe/${REDACTED}`);
    expect(redactUrl(`/events/unsubscribe/${token}`)).toBe(`/events/unsubscribe/${REDACTED}`);
  });

  it('hides the attendee token of every call that takes one in its path, behind /api or not', () => {
    for (const call of [calls.eventToken, calls.chat, calls.privateChat]) {
      const path = buildPath(call.path, { id: TID });
      for (const url of [path, `/api${path}`, `/api${path}?x=1`]) {
        expect(redactUrl(url)).not.toContain(TID);
        expect(redactUrl(url)).toContain(REDACTED);
      }
    }
  });

  it('hides the token of the attendee and reset pages and keeps the rest of the path', () => {
    expect(redactUrl(`/event/u/arena/${TID}/chat/aid-1`)).toBe(`/event/u/arena/${REDACTED}/chat/aid-1`);
    expect(redactUrl(`/event/u/token/${TID}`)).toBe(`/event/u/token/${REDACTED}`);
    expect(redactUrl(`/event/u/ticket/${TID}`)).toBe(`/event/u/ticket/${REDACTED}`);
    expect(redactUrl(`/event/u/confirm/${TID}`)).toBe(`/event/u/confirm/${REDACTED}`);
    expect(redactUrl(`/reset-password/${TID}/`)).toBe(`/reset-password/${REDACTED}/`);
    expect(redactUrl(`/api${buildPath(calls.getOrder.path, { reference: 'TC-secret' })}`)).toBe(`/api/v1/connect/api/orders/${REDACTED}`);
  });

  it('is not fooled by case, percent-encoding or doubled slashes', () => {
    for (const url of [`/EVENT/u/Arena/${TID}`, `/%65vent/u/arena/${TID}`, `//event//u/arena/${TID}`, `/api/event/public/api/%74oken/${TID}`]) {
      expect(redactUrl(url)).not.toContain(TID);
    }
  });

  it('hides secret query parameters wherever they appear and keeps the others', () => {
    expect(redactUrl(`/auth/public/google-login?code=abc&state=1`)).toBe(`/auth/public/google-login?code=${REDACTED}&state=1`);
    expect(redactUrl(`/payment/status?reference=TC-1&x=y`)).toBe(`/payment/status?reference=${REDACTED}&x=y`);
    expect(redactUrl(`/anything?TOKEN=a&tid=b&access_token=c&password=d`)).not.toMatch(/=[abcd](&|$)/);
  });

  it('leaves public URLs as they are', () => {
    for (const url of ['/card/connect?link=ada-lovelace-1a2b3c4d', '/api/event/public/api/events/ev-1', '/api/event/api/create-chat/ev-1', '/event/ev-1/chat', '/events/d/chip/i/chip-1']) {
      expect(redactUrl(url)).toBe(url);
      expect(urlCarriesSecret(url)).toBe(false);
    }
    expect(urlCarriesSecret(`/event/u/arena/${TID}`)).toBe(true);
  });

  it("leaves the visitor's address out of a counting beacon's request log, behind /api or not", () => {
    for (const path of [beaconCalls.cardView.path, beaconCalls.linkClick.path]) {
      for (const url of [path, `/api${path}`]) {
        const logged = requestForLog({ method: 'POST', url, ip: '203.0.113.7', socket: { remotePort: 51234 } });
        expect(logged).toMatchObject({ method: 'POST', url });
        expect(JSON.stringify(logged)).not.toContain('203.0.113.7');
        expect(logged.remotePort).toBeUndefined();
      }
    }
    expect(requestForLog({ method: 'GET', url: calls.connectVcard.path, ip: '203.0.113.7' }).remoteAddress).toBe('203.0.113.7');
  });

  it('gives a request log the redacted URL', () => {
    expect(requestForLog({ method: 'GET', url: `/event/u/arena/${TID}`, ip: '127.0.0.1' })).toMatchObject({ method: 'GET', url: `/event/u/arena/${REDACTED}`, remoteAddress: '127.0.0.1' });
  });
});
