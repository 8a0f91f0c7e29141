import { Gauge, type Registry } from 'prom-client';
import type { Database } from '@icehouse/db/client';
import type { Logger } from 'pino';

/**
 * The embedded database's share of the server's memory (decision 257). prom-client's default metrics give
 * the process as a whole (`process_resident_memory_bytes`) and Node's heap (`nodejs_heap_size_used_bytes`);
 * the embedded database runs on a thread of the same process, whose WebAssembly memory (PostgreSQL's page
 * cache and working memory: it grows to the most it ever held and is never given back) and JavaScript heap
 * are read from that thread. PostgreSQL's memory is its own processes', and Chromium's is its own too.
 */
export function embeddedMemoryGauge(registers: Registry[], database: Database, log: Logger): void {
  const memory = database.memory?.bind(database);
  if (!memory) return;
  new Gauge({
    name: 'icehouse_embedded_db_memory_bytes',
    help: "The embedded database thread's memory, within the process's RSS: webassembly (PostgreSQL's, never shrinks), javascript (its heap in use).",
    labelNames: ['part'] as const,
    registers,
    async collect() {
      const read = await memory().catch((err: unknown) => {
        log.warn({ err }, "metrics: could not read the embedded database's memory");
        return null;
      });
      this.reset();
      if (!read) return;
      this.set({ part: 'webassembly' }, read.external);
      this.set({ part: 'javascript' }, read.heapUsed);
    },
  });
}
