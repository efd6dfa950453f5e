import type { Call, CallAccess } from '@tapcard/shared/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySerializerCompiler, preHandlerAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import type { Row } from '../db/schema.js';
import type { TokenHolder } from '../repositories/attendees.js';
import type { AuthUser } from '../plugins/auth.js';

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;
/** What the access preHandler found for a call whose `access` matches `A` (null for any other call). */
type Found<C extends Call, A, T> = C['access'] extends A ? T : null;

export interface RouteContext<C extends Call> {
  body: C['multipart'] extends readonly string[] ? undefined : Out<C['body']>;
  params: Out<C['params']>;
  query: Out<C['query']>;
  /** The headers the call reads, as its schema parsed them (undefined when it reads none). */
  headers: Out<C['headers']>;
  /** The signed-in user: set for 'bearer' calls, maybe null for 'optional' calls, null otherwise. */
  user: C['auth'] extends 'bearer' ? AuthUser : AuthUser | null;
  /** The event the call acts on, for a call that declares `access`: the policy allowed the caller its action. */
  event: Found<C, CallAccess, Row<'events'>>;
  /** The live staff link of a door session ('door' calls). */
  staffLink: Found<C, { from: 'door' }, Row<'staff_links'>>;
  /** The confirmed attendee holding the path's access token ('ticket' calls). */
  ticketHolder: Found<C, { from: 'ticket' }, TokenHolder>;
  request: FastifyRequest;
  reply: FastifyReply;
}

type AnswerOf<C extends Call> = C['answer'] extends z.ZodType ? z.input<C['answer']> : string;

/**
 * Registers one call of the shared contract: its method, path, auth and zod schemas come from the
 * contract, so the upstream cannot drift from what the web and the gateway expect. The handler's
 * result is the answer body, typed by the contract (it may set headers and the status on `reply`).
 * Multipart calls read their own body (see lib/multipart.ts).
 *
 * Written `route(app, calls.x)(async (ctx) => answer)`: fixing the call first lets TypeScript check
 * the handler's literal `success: 'true'` against the call's answer (one generic call would widen it).
 */
export function route<C extends Call>(app: FastifyInstance, call: C): (handler: (ctx: RouteContext<C>) => Promise<AnswerOf<C>>) => void {
  return (handler) => register(app, call, handler);
}

function register<C extends Call>(app: FastifyInstance, call: C, handler: (ctx: RouteContext<C>) => Promise<AnswerOf<C>>): void {
  const preHandler: preHandlerAsyncHookHandler[] = [];
  if (call.auth === 'bearer') preHandler.push(app.requireUser);
  else if (call.auth === 'optional') preHandler.push(app.optionalUser);
  else if (call.auth === 'service') preHandler.push(app.requireServiceKey);
  // Who may do what to an event is the access policy's answer, asked once the caller is known.
  if (call.access) preHandler.push(app.eventAccess(call.access));

  app.route({
    method: call.method,
    url: call.path,
    schema: {
      ...(call.body && !call.multipart ? { body: call.body } : {}),
      ...(call.params ? { params: call.params } : {}),
      ...(call.query ? { querystring: call.query } : {}),
      ...(call.headers ? { headers: call.headers } : {}),
      // Every status: the answer schema is the call's success and failure shapes together.
      ...(typeof call.answer === 'string' ? {} : { response: { default: call.answer } }),
    },
    preHandler,
    handler: async (request, reply) => {
      // The zod validator compiler has replaced body, params and query with the schemas' parsed output.
      const ctx = {
        body: request.body,
        params: request.params,
        query: request.query,
        headers: call.headers ? request.headers : undefined,
        user: request.user,
        event: request.event,
        staffLink: request.staffLink,
        ticketHolder: request.ticketHolder,
        request,
        reply,
      } as RouteContext<C>;
      return handler(ctx);
    },
  });
}

/** An answer that does not match its call's answer schema (a drift between the upstream and the contract). */
export class AnswerDriftError extends Error {
  readonly statusCode = 500;
}

/**
 * The serializer of every route's answer: the data must pass the call's answer schema, and what is
 * sent is the handler's own data as JSON, not zod's parsed output (which would drop or reshape
 * fields), so the check cannot change an answer. A drift throws: the error handler logs it and
 * answers 500.
 */
export const answerSerializerCompiler: FastifySerializerCompiler<unknown> = ({ schema, method, url }) => {
  if (!(schema instanceof z.ZodType)) throw new Error(`the response schema of ${method} ${url} is not a zod schema`);
  return (data) => {
    const checked = schema.safeParse(data);
    if (!checked.success) throw new AnswerDriftError(`the answer of ${method} ${url} does not match the contract: ${z.prettifyError(checked.error)}`);
    return JSON.stringify(data);
  };
};
