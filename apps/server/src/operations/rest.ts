import type { RestRoute } from '../rest/route';
import type { AnyOperation, JsonRestBinding, BinaryRestBinding, OperationTree, RunContext, Access } from './define';
import { listOperations, restBindingsOf } from './define';
import { restPartsOf } from './input';
import { checkAnswer } from './answers';
import { maskAnswer } from './access';

/** The REST routes of a tree of operations: one per binding, validated, access-checked and answered by the registry. */
export function restRoutesOf(tree: OperationTree): RestRoute[] {
  return listOperations(tree).flatMap((op) => restBindingsOf(op).map((binding) => restRouteOf(op, binding)));
}

function restRouteOf(op: AnyOperation, binding: JsonRestBinding<unknown> | BinaryRestBinding<unknown>): RestRoute {
  const parts = restPartsOf(op, binding);
  if (binding.csrf === false && op.access !== 'public')
    throw new Error(`operation ${op.name} (${binding.method} ${binding.path}): only a public route may go without CSRF`);
  const json = op.binary ? null : (binding as JsonRestBinding<unknown>);
  const successStatus = binding.successStatus ?? 200;
  return {
    operation: op.name,
    method: binding.method,
    path: binding.path,
    summary: binding.summary,
    tag: binding.tag,
    access: op.access,
    ...(parts.params ? { params: parts.params } : {}),
    ...(parts.query ? { query: parts.query } : {}),
    ...(parts.body || binding.bodyDoc ? { body: (binding.bodyDoc ?? parts.body)! } : {}),
    ...(binding.consumes ? { consumes: binding.consumes } : {}),
    ...(binding.headers ? { headers: binding.headers } : {}),
    ...(binding.answers ? { answers: binding.answers } : {}),
    ...(!op.binary && successStatus !== 204 ? { response: json!.output ?? op.output } : {}),
    ...(op.binary ? { produces: (binding as BinaryRestBinding<unknown>).produces } : {}),
    successStatus,
    tokens: op.access !== 'public' && binding.tokens !== false,
    csrf: binding.csrf !== false,
    idempotent: binding.method === 'POST' && op.access !== 'public' && binding.idempotency !== false && !binding.consumes?.includes('multipart/form-data'),
    handler: async ({ params, query, body, deps, user, req, reply, checkAnswers }) => {
      const input = parts.assemble({ params, query, body });
      const ctx = { deps, user, input, req, reply } as RunContext<Access, undefined>;
      let answer: unknown;
      try {
        answer = await op.run(ctx as never);
      } catch (error) {
        const shaped = json?.shapeError?.(error, reply);
        if (shaped) return shaped;
        throw error;
      }
      if (op.binary) return (binding as BinaryRestBinding<unknown>).reply(answer, reply);
      if (checkAnswers) checkAnswer(op.name, op.output, answer, deps.log);
      const status = json!.status?.(answer) ?? successStatus;
      if (status === 204) return reply.code(204).send();
      const shaped = json!.shape ? json!.shape(answer, req) : answer;
      if (checkAnswers && json!.output) checkAnswer(`${op.name} (REST ${binding.path})`, json!.output, shaped, deps.log);
      return reply.code(status).send(maskAnswer(shaped, user));
    },
  };
}
