import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AppDeps, SessionUser } from '../deps';
import type { Access, HeaderDoc, HttpMethod } from '../operations/define';

export type { Access, HttpMethod };

export interface RestContext {
  params: unknown;
  query: unknown;
  body: unknown;
  deps: AppDeps;
  user: SessionUser | null;
  req: FastifyRequest;
  reply: FastifyReply;
  /** Parse every answer by its output schema (tests, development). */
  checkAnswers: boolean;
}

/**
 * A documented REST route as the registry wires it and the OpenAPI document describes it. Derived
 * from an operation's declaration (src/operations/rest.ts), never written by hand.
 */
export interface RestRoute {
  /** The operation behind the route (its tRPC name, e.g. 'orders.get'). */
  operation: string;
  method: HttpMethod;
  /** OpenAPI-style path with the documented trailing slash, e.g. `/api/orders/{id}/`. */
  path: string;
  summary: string;
  tag: string;
  access: Access;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** Body content types this route accepts (default JSON). Anything else gets 415. */
  consumes?: string[];
  /** Schema of a successful JSON answer, for the docs. */
  response?: z.ZodType;
  /** Content type of a successful answer when it is not JSON (e.g. application/pdf). */
  produces?: string;
  successStatus?: number;
  /** Takes API tokens (`Authorization: Token <key>`); false for sign-in and the operations managing users or passwords. */
  tokens: boolean;
  /** Reads the session cookie and asks a CSRF token of state changes; false on a route a header of its own authorises. */
  csrf: boolean;
  /** An Idempotency-Key replays the first answer (POSTs of signed-in operations with a JSON body). */
  idempotent: boolean;
  /** Request headers the operation reads, for the docs. */
  headers?: HeaderDoc[];
  /** What the operation's own refusals mean, by status, for the docs. */
  answers?: Partial<Record<number, string>>;
  handler: (ctx: RestContext) => Promise<unknown>;
}
