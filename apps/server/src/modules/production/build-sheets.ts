import { inArray } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { z } from 'zod';
import { orders } from '@icehouse/db/schema';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import { buildSheetPdf } from './build-sheet';

type Deps = Pick<AppDeps, 'database' | 'pdf' | 'blobs'>;
export const MAX_SHEETS = 50;
const LIST_MESSAGE = `Give 1 to ${MAX_SHEETS} order ids, separated by commas.`;

/** `orders=12,15,19`: the orders whose sheets to print, in that order (REST: comma-separated; tRPC-less). */
export const buildSheetsInput = z.object({
  orders: z.preprocess(
    (v) => (typeof v === 'string' ? v.split(',').map((s) => s.trim()).filter(Boolean).map((s) => (/^\d+$/.test(s) ? Number(s) : s)) : v),
    z.array(z.number({ error: LIST_MESSAGE }).int(LIST_MESSAGE).positive(LIST_MESSAGE).max(2_147_483_647, LIST_MESSAGE)).min(1, LIST_MESSAGE).max(MAX_SHEETS, LIST_MESSAGE),
  ),
});

/**
 * The build sheets of several orders as one PDF (the board's "Print build sheets"): each order's
 * archived sheet (made if needed, drawings included), one after the other. The bundle itself is not
 * archived: each sheet in it is. An unknown order is refused on `orders`, naming it.
 */
export async function buildSheetsPdf(deps: Deps, ids: readonly number[], userId: number | null): Promise<{ pdf: Buffer; filename: string }> {
  const unique = [...new Set(ids)];
  const found = await deps.database.db.select({ id: orders.id }).from(orders).where(inArray(orders.id, unique));
  const missing = unique.filter((id) => !found.some((f) => f.id === id));
  if (missing.length > 0) throw AppError.validation({ orders: [`No order with id ${missing.join(', ')}.`] });
  const bundle = await PDFDocument.create();
  for (const id of unique) {
    const sheet = await PDFDocument.load(await (await buildSheetPdf(deps, id, userId)).bytes());
    for (const page of await bundle.copyPages(sheet, sheet.getPageIndices())) bundle.addPage(page);
  }
  return { pdf: Buffer.from(await bundle.save()), filename: `build-sheets-${unique.length}.pdf` };
}

