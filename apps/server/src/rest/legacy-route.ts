import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AppDeps, SessionUser } from '../deps';
import type { RestRoute as DerivedRoute } from './route';

/** Who may call a route. Checked on the server for every route by the registry, never by the handler. */
export type Access = 'public' | 'user' | 'superuser';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

type AnySchema = z.ZodType;
type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface RestContext<P, Q, B> {
  params: P;
  query: Q;
  body: B;
  deps: AppDeps;
  user: SessionUser | null;
  req: FastifyRequest;
  reply: FastifyReply;
}

/**
 * A documented REST path. The registry validates params, query and body with
 * these zod schemas and publishes the same schemas as OpenAPI, so every route
 * is documented by construction.
 */
export interface RestRoute<
  P extends AnySchema | undefined = AnySchema | undefined,
  Q extends AnySchema | undefined = AnySchema | undefined,
  B extends AnySchema | undefined = AnySchema | undefined,
> {
  method: HttpMethod;
  /** OpenAPI-style path with the documented trailing slash, e.g. `/api/orders/{id}/`. */
  path: string;
  summary: string;
  tag: string;
  access: Access;
  params?: P;
  query?: Q;
  body?: B;
  /** Body content types this route accepts (default JSON). Anything else gets 415. */
  consumes?: string[];
  /** Schema of a successful JSON answer, for the docs. */
  response?: AnySchema;
  /** Content type of a successful answer when it is not JSON (e.g. application/pdf). */
  produces?: string;
  successStatus?: number;
  handler: (ctx: RestContext<Out<P>, Out<Q>, Out<B>>) => Promise<unknown>;
}

export function defineRoute<
  P extends AnySchema | undefined = undefined,
  Q extends AnySchema | undefined = undefined,
  B extends AnySchema | undefined = undefined,
>(route: RestRoute<P, Q, B>): DerivedRoute {
  // Transition only: modules not yet declared as operations.
  return { operation: '', ...route } as unknown as DerivedRoute;
}
