import type { LightMyRequestResponse } from 'fastify';

/**
 * What every answer to bad input must look like: never a 5xx, never a stack trace or SQL text, and a
 * 4xx that says what is wrong (a field message or a detail). Returns the problems found (none: fine).
 */

/** Traces of internals that must never reach a client. */
const LEAKS: [string, RegExp][] = [
  ['stack trace', /\n\s+at\s+\S|\bat\s+\S+\s\(\S+:\d+:\d+\)|\bat\s+(file|node):/],
  ['source path', /node_modules|\/src\/\S+\.ts\b|\/dist\/main\.js|\.ts:\d+:\d+/],
  ['SQL text', /\b(select|insert into|update|delete from)\b[\s\S]{0,80}\b(from|values|set|where)\b/i],
  ['database error', /SQLSTATE|syntax error at or near|violates (unique|foreign key|check|not-null) constraint|duplicate key value|relation "\w+"|column "\w+"|out of range for type|invalid input syntax|DrizzleQueryError|Failed query|PostgresError|PGlite|ECONNREFUSED/i],
  ['internal error name', /\b(TypeError|ReferenceError|RangeError|SyntaxError)\b|Cannot read propert|is not a function|undefined is not/],
];

export interface Verdict {
  problems: string[];
  /** The answer is a refusal (4xx): the database must not have changed. */
  refused: boolean;
}

function isFieldErrors(value: unknown, depth = 0): boolean {
  if (depth > 6) return false;
  if (Array.isArray(value)) {
    return value.length > 0 && value.every((v) => (typeof v === 'string' ? v.length > 0 : isFieldErrors(v, depth + 1) || v === null || (typeof v === 'object' && Object.keys(v as object).length === 0)));
  }
  if (value && typeof value === 'object') {
    const entries = Object.values(value);
    return entries.length > 0 && entries.every((v) => isFieldErrors(v, depth + 1));
  }
  return false;
}

function leaksIn(text: string, sent: string): string[] {
  const found: string[] = [];
  for (const [name, re] of LEAKS) {
    const m = re.exec(text);
    // Text we sent ourselves coming back (e.g. a value named in a message) is not a leak.
    if (m && !sent.includes(m[0])) found.push(`${name}: ${JSON.stringify(m[0])}`);
  }
  return found;
}

/** Judges a REST answer. */
export function judgeRest(res: LightMyRequestResponse, sent: string): Verdict {
  const problems: string[] = [];
  const status = res.statusCode;
  if (status >= 500) problems.push(`status ${status}`);
  const refused = status >= 400;
  if (!refused) return { problems, refused };
  problems.push(...leaksIn(res.body, sent));
  let body: unknown;
  try {
    body = JSON.parse(res.body);
  } catch {
    problems.push(`a ${status} whose body is not JSON: ${res.body.slice(0, 200)}`);
    return { problems, refused };
  }
  const b = body as Record<string, unknown>;
  const hasDetail = typeof b?.detail === 'string' && b.detail.trim().length > 0;
  const hasLoginError = typeof b?.error === 'string' && typeof b?.code === 'string';
  if (!hasDetail && !hasLoginError && !isFieldErrors(body)) problems.push(`a ${status} with neither detail nor field messages: ${res.body.slice(0, 300)}`);
  return { problems, refused };
}

interface TrpcErrorShape {
  message?: unknown;
  code?: unknown;
  data?: { httpStatus?: unknown; appCode?: unknown; fieldErrors?: unknown; stack?: unknown };
}

/** Judges a tRPC answer (one call or a batch). */
export function judgeTrpc(res: LightMyRequestResponse, sent: string): Verdict {
  const problems: string[] = [];
  const status = res.statusCode;
  if (status >= 500) problems.push(`status ${status}`);
  if (status < 400 && status !== 207) return { problems, refused: false };
  problems.push(...leaksIn(res.body, sent));
  let body: unknown;
  try {
    body = JSON.parse(res.body);
  } catch {
    problems.push(`a ${status} whose body is not JSON: ${res.body.slice(0, 200)}`);
    return { problems, refused: status >= 400 };
  }
  const items = (Array.isArray(body) ? body : [body]) as { error?: TrpcErrorShape; detail?: unknown }[];
  let anyError = false;
  for (const item of items) {
    if (typeof item?.detail === 'string' && item.detail) {
      anyError = true; // refused before tRPC (CSRF, body size): the REST shape
      continue;
    }
    const error = item?.error;
    if (!error) continue;
    anyError = true;
    if (typeof error.message !== 'string' || !error.message.trim()) problems.push(`tRPC error without a message: ${JSON.stringify(item).slice(0, 300)}`);
    const httpStatus = error.data?.httpStatus;
    if (typeof httpStatus === 'number' && httpStatus >= 500) problems.push(`tRPC error with httpStatus ${httpStatus}: ${String(error.message)}`);
    if (error.data?.stack !== undefined) problems.push('tRPC error carries a stack');
    const fieldErrors = error.data?.fieldErrors;
    if (fieldErrors !== null && fieldErrors !== undefined && !isFieldErrors(fieldErrors)) {
      problems.push(`tRPC error with malformed field messages: ${JSON.stringify(item).slice(0, 300)}`);
    }
  }
  if (status >= 400 && !anyError) problems.push(`a ${status} with no error in it: ${res.body.slice(0, 300)}`);
  return { problems, refused: status >= 400 };
}
