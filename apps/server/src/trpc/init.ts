import { initTRPC, TRPCError } from '@trpc/server';
import { ZodError } from 'zod';
import { MESSAGES, zodIssuesToFieldErrors } from '@icehouse/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, TRPC_CODE, databaseAppError } from '../errors';
import type { AppDeps, SessionUser } from '../deps';

export interface TrpcContext {
  deps: AppDeps;
  req: FastifyRequest;
  res: FastifyReply;
  user: SessionUser | null;
  /** Parse every answer by its operation's output schema (tests, development). */
  checkAnswers: boolean;
}

const t = initTRPC.context<TrpcContext>().create({
  sse: {
    // A comment line every 15 s keeps idle proxies (nginx: 60 s by default) from cutting the stream;
    // the client reconnects (resuming from its last event id) when it hears nothing for 40 s.
    ping: { enabled: true, intervalMs: 15_000 },
    client: { reconnectAfterInactivityMs: 40_000 },
  },
  errorFormatter({ shape, error }) {
    const cause = error.cause;
    const appError = cause instanceof AppError ? cause : null;
    // Input that fails a procedure's zod schema: the same field -> messages map REST answers.
    const zodError = cause instanceof ZodError ? cause : null;
    const message = appError
      ? appError.message
      : zodError
        ? MESSAGES.orderValidationFailed
        : error.code === 'INTERNAL_SERVER_ERROR'
          ? 'Internal server error.' // never leak stack traces or driver messages
          : shape.message;
    return {
      ...shape,
      message,
      data: {
        code: shape.data.code,
        httpStatus: shape.data.httpStatus,
        path: shape.data.path,
        appCode: appError?.code ?? (zodError ? 'VALIDATION' : null),
        fieldErrors: appError?.fieldErrors ?? (zodError ? zodIssuesToFieldErrors(zodError) : null),
        details: appError?.details ?? null,
      },
    };
  },
});

/** Turns a service's AppError into the matching tRPC error, keeping it as the cause for the formatter. */
const appErrors = t.middleware(async ({ next }) => {
  const result = await next();
  // A database that cannot be reached is SERVICE_UNAVAILABLE, a conflict CONFLICT, a value it refused BAD_REQUEST (databaseAppError).
  const appError = result.ok ? null : result.error.cause instanceof AppError ? result.error.cause : databaseAppError(result.error.cause);
  if (appError) {
    throw new TRPCError({ code: TRPC_CODE[appError.code], message: appError.message, cause: appError });
  }
  return result;
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
/** The base of every procedure; operations add their access check (src/operations/trpc.ts). */
export const publicProcedure = t.procedure.use(appErrors);
