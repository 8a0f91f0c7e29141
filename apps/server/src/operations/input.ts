import { z } from 'zod';
import { MESSAGES, zodIssuesToFieldErrors, type FieldErrors } from '@icehouse/domain';
import { AppError } from '../errors';
import type { AnyOperation, BinaryRestBinding, JsonRestBinding } from './define';

/** `{id}` of a path (and the id of a tRPC input): a positive PostgreSQL integer, a string from a URL coerced. */
const INTEGER = 'A valid integer is required.';
export const idField = z.coerce
  .number<number>({ error: INTEGER })
  .int(INTEGER)
  .positive(INTEGER)
  // ids are PostgreSQL integers: a larger one would make the database refuse the query
  .max(2_147_483_647, 'Ensure this value is less than or equal to 2147483647.');

type Binding = JsonRestBinding<unknown> | BinaryRestBinding<unknown>;

/** The object schema inside an input that may be optional or nullable (a tRPC list's filters). */
function objectOf(schema: z.ZodType | undefined): z.ZodObject | null {
  let current: unknown = schema;
  while (current instanceof z.ZodOptional || current instanceof z.ZodNullable) current = current.unwrap();
  return current instanceof z.ZodObject ? current : null;
}

export const pathNames = (path: string) => [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);

/** The schemas a REST call's parts are validated with: parts of the operation's one input schema. */
export interface RestParts {
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** Builds the operation's input from the validated parts. */
  assemble: (parts: { params: unknown; query: unknown; body: unknown }) => unknown;
}

export function restPartsOf(op: AnyOperation, binding: Binding): RestParts {
  const fail = (why: string): never => {
    throw new Error(`operation ${op.name} (${binding.method} ${binding.path}): ${why}`);
  };
  const names = pathNames(binding.path);
  const keyOf = (name: string) => binding.params?.[name] ?? name;
  const fixedKeys = Object.keys(binding.fixed ?? {});
  const bodyKey = typeof binding.body === 'string' ? binding.body : null;
  const taken = [...names.map(keyOf), ...fixedKeys, ...(bodyKey ? [bodyKey] : [])];
  const object = objectOf(op.input);
  if (taken.length > 0 && !object) fail('the input must be an object schema to take path parameters or fixed values');
  const field = (key: string) => (object!.shape[key] as z.ZodType | undefined) ?? fail(`the input has no field ${key}`);

  const params = names.length ? z.object(Object.fromEntries(names.map((n) => [n, field(keyOf(n))]))) : undefined;
  // The remaining fields: the whole schema when nothing is taken (keeps its refinements and messages);
  // a query string or body is always an object, so a tRPC input's optional/nullable wrapper is dropped.
  const remaining = () =>
    taken.length === 0 ? (object ?? op.input!) : object!.omit(Object.fromEntries(taken.map((k) => [k, true])) as Record<string, true>);
  if ((binding.query || binding.body) && !op.input) fail('query or body given for an operation without input');
  const query = binding.query ? remaining() : undefined;
  const body = binding.body === true ? remaining() : bodyKey ? field(bodyKey) : undefined;

  return {
    ...(params ? { params } : {}),
    ...(query ? { query } : {}),
    ...(body ? { body } : {}),
    assemble: ({ params: p, query: q, body: b }) => {
      if (!op.input) return undefined;
      const input: Record<string, unknown> = { ...(binding.query ? (q as object) : {}), ...(binding.body === true ? (b as object) : {}) };
      if (bodyKey) input[bodyKey] = b;
      for (const name of names) input[keyOf(name)] = (p as Record<string, unknown>)[name];
      return Object.assign(input, binding.fixed);
    },
  };
}

/**
 * Field errors of an input. In an `{ id, data }` input `data` is the form: its errors answer at
 * the top level (`{ name: [...] }`), as a create's do and as REST's body errors do.
 */
export function inputFieldErrors(op: AnyOperation, error: z.ZodError): FieldErrors {
  const errors = zodIssuesToFieldErrors(error);
  const data = errors.data;
  if (!objectOf(op.input)?.shape.data || !data || Array.isArray(data)) return errors;
  const { data: _lifted, ...others } = errors;
  return { ...others, ...data };
}

/** The tRPC input parser of an operation: its schema, failing with the same field errors REST gives. */
export function trpcInputParser(op: AnyOperation) {
  const schema = op.input!;
  return {
    parseAsync: async (value: unknown) => {
      const result = await schema.safeParseAsync(value);
      if (!result.success) throw AppError.validation(inputFieldErrors(op, result.error), MESSAGES.orderValidationFailed);
      return result.data;
    },
  };
}
