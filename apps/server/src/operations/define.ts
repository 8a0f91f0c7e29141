import type { FastifyReply, FastifyRequest } from 'fastify';
import type { TrackedEnvelope } from '@trpc/server';
import type { z } from 'zod';
import type { Area } from '@icehouse/domain';
import type { AppDeps, SessionUser } from '../deps';

/**
 * One declaration per operation. The tRPC procedure, the REST route(s), the OpenAPI entry and the
 * rows of the access test are all derived from it (src/operations/trpc.ts, rest.ts, src/rest/openapi.ts,
 * tests/access.test.ts), so an input, an answer or an access rule is written exactly once.
 */

/**
 * Who may call an operation: anyone (`public`), or the roles that have one of the named areas
 * (@icehouse/domain's AREAS). Enforced for both doors by `assertAccess` (access.ts); an answer going to a
 * role that may not see money loses its money fields on the way out (`maskAnswer`, access.ts).
 */
export type Access = 'public' | Area | readonly Area[];
export type OperationKind = 'query' | 'mutation';
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The caller: always a user unless the operation is public. */
export type UserOf<A extends Access> = A extends 'public' ? SessionUser | null : SessionUser;
type Schema = z.ZodType;
export type InputOf<I> = I extends Schema ? z.output<I> : undefined;

export interface RunContext<A extends Access, I> {
  deps: AppDeps;
  user: UserOf<A>;
  input: InputOf<I>;
  /** The Fastify request and reply of either door: for cookies (sign-in) and streamed uploads only. */
  req: FastifyRequest;
  reply: FastifyReply;
}

/**
 * Where a REST call's parts go in the operation's one input. Path parameters (`{id}`) are input
 * fields of the same name unless renamed in `params`; `query: true` takes the other fields from the
 * query string; `body: true` from the JSON body, `body: 'data'` puts the whole body at `input.data`.
 * `fixed` adds constants (one operation behind several paths). Each part is validated by the matching
 * part of the input schema, so field errors keep their REST names.
 */
interface RestInputMapping {
  params?: Record<string, string>;
  query?: true;
  body?: true | string;
  fixed?: Record<string, unknown>;
  /** Body content types accepted (default JSON; anything else 415). Multipart bodies are read by `run`. */
  consumes?: string[];
  /** Documents a body the operation reads itself (multipart). */
  bodyDoc?: Schema;
}

/** A request header an operation reads, documented as a header parameter. */
export interface HeaderDoc {
  name: string;
  description: string;
  schema: Record<string, unknown>;
}

interface RestDoc {
  method: HttpMethod;
  /** OpenAPI-style path with the documented trailing slash, e.g. `/api/orders/{id}/`. */
  path: string;
  summary: string;
  tag: string;
  /**
   * false: API tokens may not call it (it manages tokens, users or passwords). Default: every REST path
   * of a signed-in operation takes `Authorization: Token <key>`.
   */
  tokens?: false;
  /**
   * false: no Idempotency-Key handling. Default: every POST of a signed-in operation (JSON body) replays
   * its first answer to a retry with the same key (src/rest/idempotency.ts).
   */
  idempotency?: false;
  /** Request headers the operation reads (e.g. If-Match), for the docs. */
  headers?: HeaderDoc[];
  /**
   * false: a public route authorised by a header of its own (a customer link's X-Customer-Link), not by a
   * cookie: it reads no session and asks no CSRF token. A cross-site page can neither set that header nor
   * ride on a cookie there, so a token would protect nothing and only refuse the customer.
   */
  csrf?: false;
  /**
   * What this operation's refusals mean, by status (e.g. `{ 409: 'stale version' }`): documented beside the
   * answers every route of its kind gets (src/rest/openapi.ts).
   */
  answers?: Partial<Record<number, string>>;
}

/** A REST binding of an operation answering JSON. */
export interface JsonRestBinding<R> extends RestDoc, RestInputMapping {
  successStatus?: number;
  /** Status chosen by the answer (e.g. 201 created / 200 existing). */
  status?(answer: R): number;
  /** The REST answer when it differs from the tRPC one (e.g. DRF page URLs built from the request). */
  shape?(answer: R, req: FastifyRequest): unknown;
  /** Schema of the shaped answer (docs and answer checks); required with `shape`. */
  output?: Schema;
  /** A REST-only error shape (sign-in's `{ error, code }`): the reply it sent, or null to answer as usual. */
  shapeError?(error: unknown, reply: FastifyReply): FastifyReply | null;
}

/** A REST binding answering a binary (PDF) written by `reply`. */
export interface BinaryRestBinding<R> extends RestDoc, RestInputMapping {
  successStatus?: number;
  /** Content type of the answer, documented as binary. */
  produces: string;
  reply(answer: R, reply: FastifyReply): FastifyReply | Promise<FastifyReply>;
}

type OneOrMore<T> = T | T[];

export interface JsonOperationDef<A extends Access, K extends OperationKind, I extends Schema | undefined, O extends Schema> {
  kind: K;
  access: A;
  input?: I;
  /** The single description of the answer: typed for the web, documented, checked at run time in tests and development. */
  output: O;
  run(ctx: RunContext<A, I>): Promise<z.output<O>>;
  rest?: OneOrMore<JsonRestBinding<z.output<O>>>;
  /** false: REST only (no tRPC procedure). */
  trpc?: boolean;
}

export interface BinaryOperationDef<A extends Access, I extends Schema | undefined, R> {
  kind?: OperationKind;
  access: A;
  input?: I;
  run(ctx: RunContext<A, I>): Promise<R>;
  rest: OneOrMore<BinaryRestBinding<R>>;
  /** Binary answers have no tRPC procedure. */
  trpc: false;
}

/** A declared operation; `name` (its tRPC path, e.g. 'orders.get') is given by `operationSet`. */
export type JsonOperation<A extends Access = Access, K extends OperationKind = OperationKind, I extends Schema | undefined = Schema | undefined, O extends Schema = Schema> = JsonOperationDef<A, K, I, O> & {
  readonly binary: false;
  readonly name: string;
};
export type BinaryOperation<A extends Access = Access, I extends Schema | undefined = Schema | undefined, R = unknown> = BinaryOperationDef<A, I, R> & {
  readonly binary: true;
  readonly name: string;
};
/**
 * A tRPC subscription (server-sent events): an async generator of `tracked(id, event)` envelopes, so
 * a reconnecting client resumes from its last event id. No REST binding.
 */
export interface SubscriptionOperationDef<A extends Access, I extends Schema | undefined, O extends Schema> {
  kind: 'subscription';
  access: A;
  input?: I;
  /** The schema of each event's data. */
  output: O;
  run(ctx: RunContext<A, I> & { signal: AbortSignal | undefined }): AsyncIterable<TrackedEnvelope<z.output<O>>>;
}
export type SubscriptionOperation<A extends Access = Access, I extends Schema | undefined = Schema | undefined, O extends Schema = Schema> = SubscriptionOperationDef<A, I, O> & {
  readonly binary: false;
  readonly name: string;
  readonly rest?: undefined;
  readonly trpc?: true;
};

export function defineSubscription<A extends Access, O extends Schema, I extends Schema | undefined = undefined>(
  def: SubscriptionOperationDef<A, I, O>,
): SubscriptionOperation<A, NoInfer<I>, O> {
  return { ...def, binary: false, name: '' };
}

export type AnyOperation =
  | JsonOperation<Access, OperationKind, Schema | undefined, Schema>
  | BinaryOperation<Access, Schema | undefined, unknown>
  | SubscriptionOperation<Access, Schema | undefined, Schema>;

export function defineOperation<A extends Access, K extends OperationKind, O extends Schema, I extends Schema | undefined = undefined>(
  def: JsonOperationDef<A, K, I, O>,
): JsonOperation<A, K, NoInfer<I>, O> {
  return { ...def, binary: false, name: '' };
}

/** A REST-only operation answering a binary: PDFs, served files. */
export function defineBinaryOperation<A extends Access, R, I extends Schema | undefined = undefined>(
  def: BinaryOperationDef<A, I, R>,
): BinaryOperation<A, NoInfer<I>, R> {
  return { ...def, binary: true, name: '' };
}

/** A module's operations, nested as its tRPC paths are (`catalogue.settings.list`). */
export interface OperationTree {
  readonly [key: string]: AnyOperation | OperationTree;
}

export const isOperation = (value: AnyOperation | OperationTree): value is AnyOperation => typeof (value as AnyOperation).run === 'function';

/** Names every operation of a module by its path (`orders` + `get` -> 'orders.get'). */
export function operationSet<T extends OperationTree>(prefix: string, tree: T): T {
  for (const [key, value] of Object.entries(tree)) {
    const name = `${prefix}.${key}`;
    if (isOperation(value)) (value as { name: string }).name = name;
    else operationSet(name, value);
  }
  return tree;
}

/** Every operation of a tree of modules, in declaration order. */
export function listOperations(tree: OperationTree): AnyOperation[] {
  return Object.values(tree).flatMap((value) => (isOperation(value) ? [value] : listOperations(value)));
}

export function restBindingsOf(op: AnyOperation): (JsonRestBinding<unknown> | BinaryRestBinding<unknown>)[] {
  if (!op.rest) return [];
  return (Array.isArray(op.rest) ? op.rest : [op.rest]) as (JsonRestBinding<unknown> | BinaryRestBinding<unknown>)[];
}
