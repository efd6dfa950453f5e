import { describe, expect, it } from 'vitest';
import { calls } from './calls.js';
import { serviceCalls } from './service.js';
import { buildLooseRequest, buildRequest, parseAnswer } from './client.js';

describe('buildRequest', () => {
  it('fills path parameters, appends the query (undefined left out) and sends the body as JSON', () => {
    expect(buildRequest(serviceCalls.liveState, { params: { id: 'a/b' }, query: { since: 3 }, headers: { 'x-service-key': 'k' } })).toEqual({
      method: 'GET',
      url: '/event/api/live/a%2Fb?since=3',
      headers: { accept: 'application/json', 'x-service-key': 'k' },
    });
    expect(buildRequest(serviceCalls.liveState, { params: { id: 'e' }, query: { since: undefined } }).url).toBe('/event/api/live/e');
    expect(buildRequest(calls.login, { body: { email: 'a@b.co', password: 'x' }, authorization: 'Bearer t' })).toEqual({
      method: 'POST',
      url: '/auth/public/api/login',
      headers: { accept: 'application/json', 'content-type': 'application/json', authorization: 'Bearer t' },
      body: JSON.stringify({ email: 'a@b.co', password: 'x' }),
    });
  });

  it('sends a multipart form as it is, and the loose builder takes what the types refuse', () => {
    const form = new FormData();
    expect(buildRequest(calls.uploadFile, { form })).toMatchObject({ form, headers: { accept: 'application/json' } });
    expect(buildLooseRequest(calls.login, { body: {} }).body).toBe('{}');
  });
});

describe('parseAnswer', () => {
  it('tells a success, a failure answer and a drift apart', () => {
    expect(parseAnswer(calls.login, 200, JSON.stringify({ success: 'true', data: { token_type: 'Bearer', access_token: 'x' } }))).toMatchObject({ ok: true, status: 200 });
    const failed = JSON.stringify({ success: 'false', message: 'Email is not valid', data: null, errors: [{ field: 'email', message: 'Email is not valid' }] });
    expect(parseAnswer(calls.login, 400, failed)).toMatchObject({ ok: false, kind: 'failure', message: 'Email is not valid', errors: { email: 'Email is not valid' } });
    expect(parseAnswer(calls.login, 200, JSON.stringify({ success: true }))).toMatchObject({ ok: false, kind: 'drift', status: 200 });
    expect(parseAnswer(calls.login, 502, '<html>')).toMatchObject({ ok: false, kind: 'drift', problem: 'the answer is not JSON' });
  });

  it('reads a text answer as text on success and as the failure shape otherwise', () => {
    expect(parseAnswer(calls.vcardDownload, 200, 'BEGIN:VCARD')).toEqual({ ok: true, status: 200, answer: 'BEGIN:VCARD' });
    expect(parseAnswer(calls.vcardDownload, 404, JSON.stringify({ success: 'false', message: 'Not found', data: null }))).toMatchObject({ ok: false, kind: 'failure', message: 'Not found' });
  });
});
