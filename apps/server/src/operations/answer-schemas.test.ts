import { describe, expect, it } from 'vitest';
import { moduleOperations } from '../modules/operations';
import { listOperations, restBindingsOf } from './define';
import { answerSchemas, restAnswerSchemas } from './answer-schemas';

/**
 * The web's test fakes parse their answers with answer-schemas.ts: it must hold exactly the schemas
 * the operations declare (the same objects), for every operation answering JSON and every JSON route.
 * Loads the declarations only: no database, no app.
 */
const jsonOperations = listOperations(moduleOperations).filter((op) => !op.binary);

describe('answer schemas for the web', () => {
  it('name every JSON operation (tRPC, REST-only and subscriptions) with its declared output, and nothing else', () => {
    const declared = Object.fromEntries(jsonOperations.map((op) => [op.name, op.output]));
    expect(Object.keys(answerSchemas).sort()).toEqual(Object.keys(declared).sort());
    const different = Object.entries(declared).filter(([name, output]) => answerSchemas[name as keyof typeof answerSchemas] !== output);
    expect(different.map(([name]) => name)).toEqual([]);
  });

  it("name every JSON REST route with its answer's schema (the route's own, else the operation's), and nothing else", () => {
    const declared = Object.fromEntries(
      jsonOperations.flatMap((op) =>
        restBindingsOf(op).map((binding) => [`${binding.method} ${binding.path}`, ('output' in binding && binding.output) || op.output]),
      ),
    );
    expect(Object.keys(restAnswerSchemas).sort()).toEqual(Object.keys(declared).sort());
    const different = Object.entries(declared).filter(([route, output]) => restAnswerSchemas[route as keyof typeof restAnswerSchemas] !== output);
    expect(different.map(([route]) => route)).toEqual([]);
  });
});
