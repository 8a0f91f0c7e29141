import { afterAll, expect, it } from 'vitest';
import fc from 'fast-check';
import { todayIso } from '@icehouse/domain';
import { useInvoicesTestApp } from './invoices-test-support';
import { TINY_PDF } from './orders-test-support';
import { createPdfRenderer, type PdfRenderer } from '../src/pdf';
import { resolveChromePath } from '../src/pdf/chrome';
import { Ledger, parseRate } from './ledger-model/model';
import { ServerError, historyArb, playHistory, type History, type Mismatch } from './ledger-model/history';
import { checkDates, compareAll, readBaseline } from './ledger-model/compare';

/**
 * An independent model test of every money document. Random histories of a few customers (orders, some
 * from accepted quotes; deposits taken, refunded and moved onto invoices; single and combined invoices,
 * one combined over two customers' orders; line edits after payments; partial payments, overpayments,
 * refunds, reversals, adjustments; credit notes; customer credit applied and refunded; voids and deletes)
 * are played through the REST API and recorded in a reference ledger written here in whole cents
 * (tests/ledger-model/model.ts, none of the product's money code). Then every statement, the customer
 * page and list, the aging report and its drill-down, the sales tax report, the accountant exports and a
 * statement PDF are compared with it.
 *
 *   LEDGER_MODEL_SEED=n    another seed (the default is fixed, so a failure reproduces)
 *   LEDGER_MODEL_RUNS=n    histories (default 8 on PGlite, 24 on PostgreSQL)
 *   LEDGER_MODEL_SHRINK=1  let fast-check shrink a failing history (slow: each try replays a history)
 *   LEDGER_MODEL_SURVEY=1  play every history, count the mismatches by kind, fail once at the end
 *   LEDGER_MODEL_VERBOSE=1 print every history as it was played
 *   LEDGER_MODEL_PDFS=n    statement PDFs to read (default 1; none without Chromium)
 */

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const SEED = Number(process.env.LEDGER_MODEL_SEED ?? 20_261_129);
const RUNS = Number(process.env.LEDGER_MODEL_RUNS ?? (onPostgres ? 24 : 8));
const SHRINK = process.env.LEDGER_MODEL_SHRINK === '1';
const SURVEY = process.env.LEDGER_MODEL_SURVEY === '1';
const VERBOSE = process.env.LEDGER_MODEL_VERBOSE === '1';
/** Statement PDFs read per file (Chromium starts for the first: seconds on a loaded machine). */
const PDF_BUDGET = Number(process.env.LEDGER_MODEL_PDFS ?? 1);

// Invoice PDFs (the combined invoice answers one) come from a stand-in; the statement PDF from Chromium.
const chrome = resolveChromePath(process.env.CHROME_PATH);
let realRenderer: PdfRenderer | null = null;
let printing = false;
const renderer: PdfRenderer = {
  render: async (html, options) => {
    if (!printing) return Buffer.from(TINY_PDF);
    realRenderer ??= createPdfRenderer({ executablePath: process.env.CHROME_PATH, maxConcurrent: 1 });
    return realRenderer.render(html, options);
  },
  close: async () => realRenderer?.close(),
  stats: () => ({ launched: false, browserPid: null, openPages: 0, maxOpenPages: 0, sparePages: 0, active: 0, queued: 0, renders: 0, failures: 0, launches: 0 }),
};

const ctx = useInvoicesTestApp({ app: { pdf: renderer } });
afterAll(async () => renderer.close());

let runs = 0;
let pdfsLeft = PDF_BUDGET;
const survey = new Map<string, { count: number; histories: Set<number>; example: Mismatch & { run: number } }>();

function report(run: number, h: History, log: string[], mismatches: Mismatch[]): string {
  const lines = [
    `ledger model: history ${run} of seed ${SEED} (LEDGER_MODEL_SEED=${SEED}): ${mismatches.length} disagreement(s) with the product`,
    `history (${h.steps.length} steps; statement periods, aging and report dates: ${JSON.stringify(h.checks)}):`,
    ...log.map((l) => `  ${l}`),
    'mismatches (area | where | model | product):',
    ...mismatches.slice(0, 60).map((m) => `  ${m.area} | ${m.where} | ${m.expected} | ${m.actual}`),
  ];
  if (mismatches.length > 60) lines.push(`  … and ${mismatches.length - 60} more`);
  return lines.join('\n');
}

it(
  'every money document agrees with an independent reference ledger on random histories',
  async () => {
    const company = await ctx.staff.get('/api/company-info/');
    expect(company.statusCode, company.body).toBe(200);
    const rate = parseRate(company.json().sales_tax_rate);
    const nonce = Date.now().toString(36).slice(-4);
    const started = performance.now();
    let steps = 0;

    await fc.assert(
      fc.asyncProperty(historyArb({ minSteps: 6, maxSteps: 15 }), async (h) => {
        runs += 1;
        const run = runs;
        const today = todayIso();
        const model = new Ledger(rate, today);
        const dates = checkDates(h, today);
        const baseline = await readBaseline(ctx, dates);
        let log: string[] = [];
        let mismatches: Mismatch[] = [];
        try {
          const played = await playHistory(ctx, model, h, `LM${nonce}-${run}`);
          log = played.log;
          steps += h.steps.length;
          const pdf =
            chrome && pdfsLeft > 0 && h.checks.pdf
              ? async (request: () => Promise<Buffer>) => {
                  pdfsLeft -= 1;
                  printing = true;
                  try {
                    return await request();
                  } finally {
                    printing = false;
                  }
                }
              : null;
          mismatches = [...played.mismatches, ...(await compareAll(ctx, model, h, dates, baseline, { pdf }))];
        } catch (error) {
          if (error instanceof ServerError) throw new Error(`${error.message}\n${report(run, h, log, mismatches)}`);
          throw error;
        }
        if (VERBOSE) console.log(report(run, h, log, mismatches));
        if (mismatches.length === 0) return;
        if (SURVEY) {
          for (const m of mismatches) {
            const s = survey.get(m.area) ?? { count: 0, histories: new Set<number>(), example: { ...m, run } };
            s.count += 1;
            s.histories.add(run);
            survey.set(m.area, s);
          }
          if (!VERBOSE) console.log(report(run, h, log, mismatches));
          return;
        }
        throw new Error(report(run, h, log, mismatches));
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: !SHRINK, verbose: 0 },
    );

    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `ledger model: ${runs} histories, ${steps} steps, seed ${SEED}, ${onPostgres ? 'PostgreSQL' : 'PGlite'}, ${seconds} s` +
        (chrome ? `, ${PDF_BUDGET - pdfsLeft} statement PDF(s) read` : ', no Chromium: statement PDFs not read'),
    );
    if (SURVEY && survey.size > 0) {
      const lines = [...survey].map(
        ([area, s]) => `  ${area}: ${s.count} in ${s.histories.size} of ${runs} histories; e.g. history ${s.example.run} ${s.example.where}: model ${s.example.expected} | product ${s.example.actual}`,
      );
      throw new Error(`ledger model survey, seed ${SEED}:\n${lines.join('\n')}`);
    }
  },
  600_000,
);
