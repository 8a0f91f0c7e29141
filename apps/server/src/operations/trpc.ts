import type { TRPCMutationProcedure, TRPCQueryProcedure, TRPCSubscriptionProcedure } from '@trpc/server';
import type { z } from 'zod';
import { publicProcedure, type TrpcContext } from '../trpc/init';
import type { AnyOperation, JsonOperation, OperationTree, RunContext, Access, SubscriptionOperation } from './define';
import { isOperation } from './define';
import { assertAccess, maskAnswer } from './access';
import { checkAnswer } from './answers';
import { trpcInputParser } from './input';

type InputType<I> = I extends z.ZodType ? z.input<I> : void;
type ProcedureDef<Op> = Op extends JsonOperation<Access, infer _K, infer I, infer O> ? { input: InputType<I>; output: z.output<O>; meta: unknown } : never;
type SubscriptionDef<Op> =
  Op extends SubscriptionOperation<Access, infer I, infer O> ? { input: InputType<I>; /** What the client receives for each `tracked(id, data)`: `{ id, data }`. */
    output: AsyncIterable<{ id: string; data: z.output<O> }, void, unknown>; meta: unknown } : never;
type ProcedureOf<Op> = Op extends { kind: 'subscription' }
  ? TRPCSubscriptionProcedure<SubscriptionDef<Op>>
  : Op extends { kind: 'query' }
    ? TRPCQueryProcedure<ProcedureDef<Op>>
    : TRPCMutationProcedure<ProcedureDef<Op>>;

/** The tRPC record of a tree of operations: REST-only ones (`trpc: false`) have no procedure. */
export type RouterRecordOf<T> = {
  [K in keyof T as T[K] extends { trpc: false } ? never : K]: T[K] extends AnyOperation ? ProcedureOf<T[K]> : RouterRecordOf<T[K]>;
};

function procedureOf(op: AnyOperation) {
  if (op.binary) throw new Error(`operation ${op.name} answers a binary: it cannot be a tRPC procedure`);
  const base = publicProcedure.use(({ ctx, next }) => {
    assertAccess(op.access, ctx.user);
    return next();
  });
  const resolve = async ({ ctx, input }: { ctx: TrpcContext; input: unknown }) => {
    const run = op.run as (c: RunContext<Access, z.ZodType>) => Promise<unknown>;
    const answer = await run({ deps: ctx.deps, user: ctx.user as never, input, req: ctx.req, reply: ctx.res });
    if (ctx.checkAnswers) checkAnswer(op.name, op.output, answer, ctx.deps.log);
    return maskAnswer(answer, ctx.user);
  };
  const built = op.input ? base.input(trpcInputParser(op) as never) : base;
  if (op.kind === 'subscription') {
    const run = op.run as (c: RunContext<Access, z.ZodType> & { signal: AbortSignal | undefined }) => AsyncIterable<unknown>;
    return (built as typeof base).subscription(({ ctx, input, signal }: { ctx: TrpcContext; input: unknown; signal: AbortSignal | undefined }) =>
      run({ deps: ctx.deps, user: ctx.user as never, input, req: ctx.req, reply: ctx.res, signal }),
    );
  }
  return op.kind === 'query' ? built.query(resolve) : built.mutation(resolve);
}

function recordOf(tree: OperationTree, prefix: string): Record<string, unknown> {
  const record: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (!isOperation(value)) record[key] = recordOf(value, path);
    else if (value.trpc !== false) {
      // The name given by operationSet must be the path the router serves it at.
      if (value.name !== path) throw new Error(`operation ${value.name || '(unnamed)'} is mounted at ${path}`);
      record[key] = procedureOf(value);
    }
  }
  return record;
}

/** The typed tRPC procedures of a tree of modules' operations: the web infers every input and answer from them. */
export function trpcRecordOf<T extends OperationTree>(tree: T): RouterRecordOf<T> {
  return recordOf(tree, '') as RouterRecordOf<T>;
}
