import { answerSchemas, restAnswerSchemas } from '@icehouse/server/answer-schemas';
import { isMoneyField } from '@icehouse/domain';

/**
 * The fakes answer for the server: each answer is parsed by the schema the server declares for it
 * (apps/server/src/operations/answer-schemas.ts), and may hold no field the schema lacks, so a fake
 * cannot drift from the server's contract (a field renamed or dropped) with every web test green. A mismatch is recorded, not thrown: the screen still gets the fake's
 * answer as it was, and the test fails after it ends (setup.ts), whatever the screen did with it.
 */
export type OperationName = keyof typeof answerSchemas;

const mismatches: string[] = [];

interface Schema {
  safeParse(
    value: unknown,
  ):
    | { success: true; data: unknown }
    | { success: false; error: { issues: { path: PropertyKey[]; message: string; input?: unknown }[] } };
}

/**
 * A money field left out of the answer: what the server answers a role that sees no money (the shop),
 * absent rather than zero, so a fake answering as the server does to the shop leaves them out too.
 */
const absentMoney = (issue: { path: PropertyKey[]; input?: unknown; message: string }) => {
  const field = issue.path.at(-1);
  return typeof field === 'string' && isMoneyField(field) && issue.input === undefined && /received undefined/.test(issue.message);
};

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Fields of the fake's answer that parsing dropped: fields the server does not send (any more). The
 * schemas strip unknown keys rather than refuse them, so a field the server dropped would otherwise pass.
 */
function extraFields(answer: unknown, parsed: unknown, path = ''): string[] {
  if (Array.isArray(answer) && Array.isArray(parsed))
    return answer.flatMap((item, i) => extraFields(item, parsed[i], `${path}${i}.`));
  if (!isPlainObject(answer) || !isPlainObject(parsed)) return [];
  return Object.keys(answer).flatMap((key) =>
    Object.hasOwn(parsed, key) ? extraFields(answer[key], parsed[key], `${path}${key}.`) : [`${path}${key}`],
  );
}

function check(what: string, schema: Schema, answer: unknown) {
  const result = schema.safeParse(answer);
  if (result.success) {
    const extra = extraFields(answer, result.data);
    if (extra.length > 0)
      mismatches.push(`The fake's answer to ${what} has fields the server does not answer: ${extra.join(', ')}`);
    return;
  }
  const wrong = result.error.issues.filter((issue) => !absentMoney(issue));
  if (wrong.length === 0) return;
  const issues = wrong.map(
    (i) => `${i.path.map(String).join('.') || '(answer)'}: ${i.message}`,
  );
  mismatches.push(
    `The fake's answer to ${what} does not match the server's answer schema: ${issues.join('; ')}`,
  );
}

export const isOperation = (name: string): name is OperationName => Object.hasOwn(answerSchemas, name);

/** Checks a tRPC procedure's answer (or a live event's data) against its operation's schema. */
export function checkAnswer(name: string, answer: unknown) {
  if (!isOperation(name)) mismatches.push(`A fake answers ${name}, which the server does not declare.`);
  else check(name, answerSchemas[name], answer);
}

/** REST routes answering JSON, as patterns: `GET /api/orders/{id}/` matches GET /api/orders/7/. */
const restRoutes = Object.entries(restAnswerSchemas)
  .map(([route, schema]) => {
    const [method, path] = route.split(' ') as [string, string];
    return { route, method, pattern: new RegExp(`^${path.replace(/\{\w+\}/g, '[^/]+')}$`), schema };
  })
  // A literal segment before a parameter: /api/orders/by-month/ is not /api/orders/{id}/.
  .sort((a, b) => a.route.split('{').length - b.route.split('{').length);

/** Checks a successful JSON answer to a REST path, when the server declares that route. */
export function checkRestAnswer(method: string, path: string, answer: unknown) {
  const route = restRoutes.find((r) => r.method === method && r.pattern.test(path));
  if (route) check(`${method} ${path}`, route.schema, answer);
}

/** The mismatches seen since the last call (setup.ts fails the test on any). */
export function takeAnswerMismatches(): string[] {
  return mismatches.splice(0);
}
