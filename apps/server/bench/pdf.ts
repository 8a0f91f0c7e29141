/**
 * PDF benchmark: `npm run bench:pdf` (apps/server). Prints figures, asserts nothing.
 *
 *   cold start   a new renderer's first PDF (browser launch + first page)
 *   warm         median / p95 per document on a running browser, one render at a time
 *   throughput   documents per second with the concurrency cap
 *
 * Options: --iterations N (warm renders per document, default 30), --batch N (throughput batch,
 * default 60). Uses CHROME_PATH when set, else the usual system paths.
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { createPdfRenderer, resolveChromePath, type PdfLogger } from '../src/pdf/renderer';
import { renderBolHtml } from '../src/pdf/templates/bill-of-lading';
import { renderInvoiceHtml } from '../src/pdf/templates/invoice';
import { renderOrderPrintHtml } from '../src/pdf/templates/order-print';
import { manyInvoiceLines, sampleBol, sampleInvoice, sampleOrderPrint } from '../tests/pdf-samples';

const { values } = parseArgs({
  options: {
    iterations: { type: 'string', default: '30' },
    batch: { type: 'string', default: '60' },
  },
});
const ITERATIONS = Number(values.iterations);
const BATCH = Number(values.batch);
const WARMUP = 3;
const executablePath = process.env.CHROME_PATH;

function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}

function summary(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    median: quantile(sorted, 0.5),
    p95: quantile(sorted, 0.95),
    min: sorted[0] ?? Number.NaN,
    max: sorted[sorted.length - 1] ?? Number.NaN,
  };
}

const ms = (n: number) => `${n.toFixed(0).padStart(5)} ms`;

async function time<T>(fn: () => Promise<T>): Promise<[number, T]> {
  const start = performance.now();
  const result = await fn();
  return [performance.now() - start, result];
}

let launchMs: number | null = null;
const logger: PdfLogger = {
  debug() {},
  info(obj, msg) {
    if (msg === 'PDF: browser launched' && 'ms' in obj && launchMs === null) launchMs = Number(obj.ms);
  },
  warn(obj, msg) {
    console.warn(msg, obj);
  },
  error(obj, msg) {
    console.error(msg, obj);
  },
};

const documents: [name: string, html: string][] = [
  ['invoice (5 lines, 1 page)', renderInvoiceHtml(sampleInvoice())],
  ['bill of lading (1 page)', renderBolHtml(sampleBol())],
  ['order print (1 page)', renderOrderPrintHtml(sampleOrderPrint())],
  ['invoice (200 lines, 7 pages)', renderInvoiceHtml(sampleInvoice({}, manyInvoiceLines(200)))],
];

async function main() {
  const chrome = resolveChromePath(executablePath);
  const load = () => os.loadavg()[0]?.toFixed(1) ?? '?';
  console.log(
    `PDF benchmark: ${chrome ?? 'no Chromium found'}, Node ${process.version}, ${os.cpus().length} CPUs, ` +
      `load average ${load()}`,
  );
  if (!chrome) {
    console.log('Install Chromium (apt-get install chromium) or set CHROME_PATH.');
    process.exitCode = 1;
    return;
  }

  // HTML only: the React templates, no browser.
  const htmlTimes: Record<string, number> = {};
  for (const [name, make] of [
    ['invoice', () => renderInvoiceHtml(sampleInvoice())],
    ['bill of lading', () => renderBolHtml(sampleBol())],
    ['order print', () => renderOrderPrintHtml(sampleOrderPrint())],
  ] as const) {
    for (let i = 0; i < 20; i++) make();
    const start = performance.now();
    for (let i = 0; i < 200; i++) make();
    htmlTimes[name] = (performance.now() - start) / 200;
  }
  console.log(
    `\nTemplates (HTML only, mean): ${Object.entries(htmlTimes)
      .map(([name, t]) => `${name} ${t.toFixed(2)} ms`)
      .join(', ')}`,
  );

  // Cold start.
  const renderer = createPdfRenderer({ executablePath, maxConcurrent: 2, logger });
  try {
    const invoiceHtml = documents[0]?.[1] ?? '';
    const [cold] = await time(() => renderer.render(invoiceHtml));
    console.log(
      `\nCold start (launch + first invoice): ${ms(cold).trim()}  (browser launch ${launchMs ?? '?'} ms)`,
    );

    // Warm, one at a time.
    let invoiceMedian: number | null = null;
    console.log(`\nWarm browser, one render at a time (${ITERATIONS} renders after ${WARMUP} warm-up):`);
    console.log(`  ${'document'.padEnd(30)}   median       p95       min       max   bytes`);
    for (const [name, html] of documents) {
      for (let i = 0; i < WARMUP; i++) await renderer.render(html);
      const samples: number[] = [];
      let bytes = 0;
      for (let i = 0; i < ITERATIONS; i++) {
        const [t, pdf] = await time(() => renderer.render(html));
        samples.push(t);
        bytes = pdf.length;
      }
      const s = summary(samples);
      invoiceMedian ??= s.median;
      console.log(
        `  ${name.padEnd(30)} ${ms(s.median)}  ${ms(s.p95)}  ${ms(s.min)}  ${ms(s.max)}  ${String(bytes).padStart(6)}`,
      );
    }
    console.log(
      `  One-page invoice: warm median ${invoiceMedian?.toFixed(0)} ms (aim: under 150 ms; load average ${load()})`,
    );
  } finally {
    await renderer.close();
  }

  // Throughput with the cap (and, for comparison, other caps).
  console.log(`\nThroughput: ${BATCH} one-page invoices submitted at once:`);
  const invoiceHtml = documents[0]?.[1] ?? '';
  for (const maxConcurrent of [1, 2, 4]) {
    const capped = createPdfRenderer({ executablePath, maxConcurrent, maxQueued: BATCH, logger });
    try {
      for (let i = 0; i < WARMUP; i++) await capped.render(invoiceHtml);
      const latencies: number[] = [];
      const [total] = await time(() =>
        Promise.all(
          Array.from({ length: BATCH }, async () => {
            const [t] = await time(() => capped.render(invoiceHtml));
            latencies.push(t);
          }),
        ),
      );
      const s = summary(latencies);
      const note = maxConcurrent === 2 ? '  <- default cap' : '';
      console.log(
        `  maxConcurrent ${maxConcurrent}: ${(BATCH / (total / 1000)).toFixed(1).padStart(5)} documents/s, ` +
          `batch ${ms(total).trim()}, latency median ${ms(s.median).trim()}, p95 ${ms(s.p95).trim()}, ` +
          `peak open pages ${capped.stats().maxOpenPages}${note}`,
      );
    } finally {
      await capped.close();
    }
  }
}

await main();
