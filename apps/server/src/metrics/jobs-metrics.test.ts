import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import { createTestApp } from '../../tests/test-app';
import { scrape, sampleOf } from '../../tests/metrics-scrape';
import { waitFor } from '../../tests/wait-for-jobs';
import { defineJob } from '../jobs/define';
import { startMetricsServer, type MetricsServer } from './http';

/** The job queue's metrics, scraped over HTTP while real jobs wait, fail and run out of retries. */

const failingJob = defineJob({
  name: 'test-metrics-failing',
  label: 'Always fails',
  data: z.object({ n: z.number() }),
  retryLimit: 0,
  run: async () => {
    throw new Error('this job always fails');
  },
});
const waitingJob = defineJob({
  name: 'test-metrics-waiting',
  label: 'Waits for its worker',
  data: z.object({ n: z.number() }),
  run: async () => undefined,
});

let app: FastifyInstance;
let server: MetricsServer;
beforeAll(async () => {
  // The workers look for work every 2 minutes: a job sent without waking its worker waits, due, meanwhile.
  const test = await createTestApp({
    jobs: { workers: true, pollingIntervalSeconds: 120, definitions: [failingJob, waitingJob] },
  });
  app = test.app;
  server = await startMetricsServer(app.metrics, '127.0.0.1', 0);
});
afterAll(async () => {
  await server?.close();
  await app?.close();
});

describe('job queue metrics', () => {
  it('counts the jobs waiting per queue and how long the oldest due one has waited', async () => {
    const queue = { queue: waitingJob.name };
    let samples = await scrape(server.url);
    expect(sampleOf(samples, 'icehouse_job_queue_depth', queue)).toBe(0);
    await app.jobs.send(waitingJob, { n: 1 });
    await app.jobs.send(waitingJob, { n: 2 });
    await new Promise((resolve) => setTimeout(resolve, 1200));
    samples = await scrape(server.url);
    expect(sampleOf(samples, 'icehouse_job_queue_depth', queue)).toBe(2);
    expect(sampleOf(samples, 'icehouse_job_queue_oldest_seconds', queue)).toBeGreaterThanOrEqual(1);
    // Its worker runs them: the queue empties and its age goes back to 0.
    app.jobs.wake(waitingJob);
    await waitFor(async () => sampleOf(await scrape(server.url), 'icehouse_job_queue_depth', queue) === 0);
    expect(sampleOf(await scrape(server.url), 'icehouse_job_queue_oldest_seconds', queue)).toBe(0);
  });

  it('counts failed attempts per queue, and the jobs out of retries', async () => {
    const queue = { queue: failingJob.name };
    const before = await scrape(server.url);
    expect(sampleOf(before, 'icehouse_job_queue_failed', queue)).toBe(0);
    await app.jobs.send(failingJob, { n: 1 });
    app.jobs.wake(failingJob);
    await waitFor(async () => sampleOf(await scrape(server.url), 'icehouse_job_queue_failed', queue) === 1);
    const after = await scrape(server.url);
    expect(sampleOf(after, 'icehouse_job_failures_total', queue)).toBe(
      sampleOf(before, 'icehouse_job_failures_total', queue) + 1,
    );
    expect(sampleOf(after, 'icehouse_job_failures_total', { queue: waitingJob.name })).toBe(0);
  });
});
