/**
 * A counting semaphore with a FIFO queue: at most `limit` holders at once, the rest wait in order.
 * `acquire()` resolves to a release function (calling it twice is harmless).
 */
export class Semaphore {
  #active = 0;
  readonly #waiters: { resolve: (release: () => void) => void; reject: (error: unknown) => void }[] = [];

  constructor(readonly limit: number) {
    if (!Number.isInteger(limit) || limit < 1)
      throw new RangeError('Semaphore limit must be a positive integer');
  }

  get active(): number {
    return this.#active;
  }

  get waiting(): number {
    return this.#waiters.length;
  }

  acquire(): Promise<() => void> {
    if (this.#active < this.limit) {
      this.#active += 1;
      return Promise.resolve(this.#releaser());
    }
    return new Promise((resolve, reject) => this.#waiters.push({ resolve, reject }));
  }

  /** Fails every waiter (e.g. on shutdown); holders keep their slots until they release. */
  rejectWaiting(error: unknown): void {
    for (const waiter of this.#waiters.splice(0)) waiter.reject(error);
  }

  #releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.#waiters.shift();
      // The slot passes straight to the next waiter, so the count never dips and lets a newcomer jump the queue.
      if (next) next.resolve(this.#releaser());
      else this.#active -= 1;
    };
  }
}
