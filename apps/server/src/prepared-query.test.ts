import { describe, expect, it } from 'vitest';
import { allInOrder } from './prepared-query';

/** Statements sent together: the first failure in the order sent is the one reported (decision 227). */
describe('allInOrder', () => {
  function deferred<T = unknown>() {
    let resolve!: (value: T) => void;
    let reject!: (error: unknown) => void;
    const promise = new Promise<T>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    return { promise, resolve, reject };
  }

  it('answers every value, in the order given', async () => {
    const a = deferred<string>();
    const answer = allInOrder([a.promise, null, Promise.resolve(2)] as const);
    a.resolve('a');
    expect(await answer).toEqual(['a', null, 2]);
  });

  it('throws the first failure in the order given, even when a later one fails first, once all have settled', async () => {
    const [first, second, third] = [deferred(), deferred(), deferred()];
    let outcome: unknown = 'pending';
    const answer = allInOrder([Promise.resolve('ok'), first.promise, second.promise, third.promise]).then(
      () => (outcome = 'resolved'),
      (error: Error) => (outcome = error.message),
    );
    second.reject(new Error('current transaction is aborted'));
    first.reject(new Error('the UPDATE matched nothing'));
    await new Promise((resolve) => setImmediate(resolve));
    expect(outcome).toBe('pending'); // the third has not settled yet
    third.resolve('done');
    await answer;
    expect(outcome).toBe('the UPDATE matched nothing');
  });
});
