import { wireData, type Call } from '@tapcard/shared/contract';
import Fastify from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import errors from '../plugins/errors.js';
import { answerSerializerCompiler, route } from './route.js';

const probe = {
  method: 'GET',
  path: '/probe',
  auth: 'none',
  query: z.object({ mode: z.enum(['ok', 'drift', 'failure']) }),
  answer: wireData(z.object({ n: z.number(), name: z.string().transform((s) => s.toUpperCase()) })),
} as const satisfies Call;

const app = Fastify({ logger: false });
beforeAll(async () => {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(answerSerializerCompiler);
  await app.register(errors);
  route(app, probe)(async ({ query, reply }) => {
    if (query.mode === 'failure') {
      void reply.code(404);
      return { success: 'false', message: 'No such probe', data: null };
    }
    if (query.mode === 'drift') return { success: 'true', data: { n: 'one', name: 'ada' } } as never;
    return { success: 'true', data: { n: 1, name: 'ada' } };
  });
  await app.ready();
});
afterAll(() => app.close());

describe('answers and the contract', () => {
  it("sends the handler's own data once it matches the answer schema, not zod's parsed output", async () => {
    const res = await app.inject({ method: 'GET', url: '/probe?mode=ok' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(JSON.stringify({ success: 'true', data: { n: 1, name: 'ada' } }));
  });

  it('checks failure answers against the same schema', async () => {
    const res = await app.inject({ method: 'GET', url: '/probe?mode=failure' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: 'false', message: 'No such probe', data: null });
  });

  it('answers 500 Server error for an answer that drifts from the contract', async () => {
    const res = await app.inject({ method: 'GET', url: '/probe?mode=drift' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ success: 'false', message: 'Server error', data: null });
  });
});
