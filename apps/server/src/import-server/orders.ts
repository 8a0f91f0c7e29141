import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { orders, storedFiles } from '@icehouse/db/schema';
import type { Db } from '@icehouse/db/client';
import { createOrder, updateOrder } from '../modules/orders/order-write';
import { recordHistory } from '../modules/orders/history';
import { saveOrderFile, storePdfUpload } from '../modules/order-files/files';
import { saveBol } from '../modules/bols/service';
import type { ImportRun } from './run-context';
import { fingerprintOf } from './id-map';
import { bolNumberBefore, keepBolNumber } from './source-facts';
import type { TargetDeps } from './target';

/**
 * Orders with their addresses, building, additional items and both drawings, then their bills of
 * lading. An order is created with its source status, except the two this product reaches only by a
 * move: a voided order is created pending and a completed one scheduled to ship (completed needs its
 * invoice); `importStatuses` makes those moves once the invoices are across.
 */

export type SourceOrder = Record<string, unknown> & {
  id: number;
  status: string;
  door_number: string;
  building_info: (Record<string, unknown> & { additional_items?: Record<string, unknown>[] }) | null;
  additional_items?: Record<string, unknown>[];
  blueprint: string | null;
  blueprint_filename: string | null;
  door_placement_drawing: string | null;
  door_placement_filename: string | null;
  bill_of_lading_details: { bill_of_lading_number: string; date: string; free_on_board?: string } | null;
};

/** Order details read ahead of the writes, this many at once. */
const READ_AHEAD = 8;

const SETTING_FIELDS = ['size', 'thickness', 'door_type', 'door_cladding', 'hinge_side', 'roof_color', 'siding_color'] as const;

function withoutId(address: unknown): unknown {
  if (address === null || typeof address !== 'object') return undefined;
  const { id: _id, ...rest } = address as Record<string, unknown>;
  return rest;
}

/** The source's order as this product's order body, its references mapped to the records here. */
export function orderBody(run: ImportRun, o: SourceOrder, status: string): Record<string, unknown> {
  const setting = (v: unknown) => (v === null || v === undefined || v === '' ? null : run.targetIdOf('setting', v as number));
  const shipVia = o.ship_via as { value: number } | number | null;
  const b = o.building_info;
  const items = b?.additional_items ?? o.additional_items ?? [];
  return {
    status,
    date: o.date,
    ship_date: o.ship_date,
    ship_via: setting(shipVia !== null && typeof shipVia === 'object' ? shipVia.value : shipVia),
    invoice_number: o.invoice_number ?? '',
    door_number: o.door_number,
    eps_po_number: o.eps_po_number ?? '',
    customer_po_job_name: o.customer_po_job_name ?? '',
    phone: o.phone ?? '',
    po_delivery_date: o.po_delivery_date ?? null,
    special_delivery_info: o.special_delivery_info ?? '',
    notes: o.notes ?? '',
    ...(typeof o.additional_info === 'string' ? { additional_info: o.additional_info } : {}),
    freight_cost: o.freight_cost,
    discount: o.discount,
    discount_is_percentage: o.discount_is_percentage,
    tax_exempt: o.tax_exempt,
    billing_address: withoutId(o.billing_address),
    shipping_address: withoutId(o.shipping_address),
    building_info: b
      ? {
          ...Object.fromEntries(SETTING_FIELDS.map((f) => [f, setting(b[f])])),
          product: b.product === 'custom' || b.product === null || b.product === undefined ? b.product : run.targetIdOf('product', b.product as number),
          price: b.price,
          building_type: b.building_type,
          building_description: b.building_description ?? '',
          custom_size: b.custom_size ?? '',
          door_type_price: b.door_type_price,
          door_cladding_price: b.door_cladding_price,
          door_placement: b.door_placement ?? '',
          additional_items: items.map((i) => ({
            item: setting(i.item),
            custom_item_name: i.custom_item_name ?? '',
            quantity: i.quantity,
            price: i.price,
          })),
        }
      : undefined,
  };
}

/** The status an order is created with (see above). */
const createdStatus = (status: string) => (status === 'voided' ? 'pending' : status === 'completed' ? 'scheduled_to_ship' : status);

type FileKind = 'blueprint' | 'door_placement';

/** A source order with the bytes of its drawings (read only when the order is to be written). */
interface ReadOrder {
  order: SourceOrder;
  files: Partial<Record<FileKind, Buffer>>;
}

const FILES = [
  { kind: 'blueprint' as const, url: (o: SourceOrder) => o.blueprint, name: (o: SourceOrder) => o.blueprint_filename, path: 'serve-blueprint', column: orders.blueprintFileId },
  {
    kind: 'door_placement' as const,
    url: (o: SourceOrder) => o.door_placement_drawing,
    name: (o: SourceOrder) => o.door_placement_filename,
    path: 'serve-door-placement',
    column: orders.doorPlacementFileId,
  },
];

/** The order and, unless it is here unchanged, its drawings: read before its transaction opens. */
async function readOrder(run: ImportRun, id: number): Promise<ReadOrder> {
  const order = await run.source.getJson<SourceOrder>(`/api/orders/${id}/`);
  const files: ReadOrder['files'] = {};
  if (run.mapped('order', id)?.fingerprint !== fingerprintOf(order))
    for (const f of FILES) if (f.url(order)) files[f.kind] = await run.source.getBytes(`/api/orders/${id}/${f.path}/`);
  return { order, files };
}

/** The drawings of an order, kept when they are here already (same bytes, same name). */
async function copyFiles(deps: TargetDeps, tx: Db, read: ReadOrder, orderId: number): Promise<void> {
  for (const f of FILES) {
    const bytes = read.files[f.kind];
    if (!bytes) continue;
    const [current] = await tx
      .select({ sha256: storedFiles.sha256, filename: storedFiles.filename })
      .from(orders)
      .innerJoin(storedFiles, eq(storedFiles.id, f.column))
      .where(eq(orders.id, orderId));
    const blob = await storePdfUpload(deps, Readable.from([bytes]));
    if (current && current.sha256 === blob.sha256 && current.filename === f.name(read.order)) continue;
    await saveOrderFile(deps, null, orderId, f.kind, { filename: f.name(read.order), blob });
  }
}

async function importOne(run: ImportRun, read: ReadOrder): Promise<void> {
  const o = read.order;
  await run.step('order', o.id, o, async (deps, mapped, tx) => {
    let orderId: number;
    if (mapped) {
      const [here] = await tx.select({ version: orders.version, status: orders.status }).from(orders).where(eq(orders.id, mapped.targetId));
      const status = o.status === 'completed' && here?.status !== 'completed' ? 'scheduled_to_ship' : o.status === 'voided' ? (here?.status ?? 'pending') : o.status;
      orderId = (await updateOrder(deps, null, mapped.targetId, { ...orderBody(run, o, status), version: here?.version })).id;
    } else {
      orderId = (await createOrder(deps, null, orderBody(run, o, createdStatus(o.status)))).id;
    }
    await copyFiles(deps, tx, read, orderId);
    await recordHistory(tx, {
      orderId,
      action: 'imported',
      changes: { imported_from: { old: null, new: `${run.from}/api/orders/${o.id}/` }, door_number: { old: null, new: o.door_number } },
      userId: null,
    });
    return orderId;
  });
}

/** Every order of the source, oldest first (ascending source id), each with its drawings. */
export async function importOrders(run: ImportRun): Promise<SourceOrder[]> {
  const rows = await run.source.list<{ id: number }>('/api/orders/?page_size=100&include_voided=true');
  const ids = rows.map((r) => r.id).sort((a, b) => a - b);
  await run.begin('order', ids.length);
  const all: SourceOrder[] = [];
  // The next orders are read (with their drawings) while this batch is written.
  const read = (from: number) => Promise.all(ids.slice(from, from + READ_AHEAD).map((id) => readOrder(run, id).catch((error: unknown) => ({ error }))));
  let ahead = read(0);
  for (let from = 0; from < ids.length; from += READ_AHEAD) {
    const batch = await ahead;
    if (from + READ_AHEAD < ids.length) ahead = read(from + READ_AHEAD);
    for (const [i, one] of batch.entries()) {
      if ('error' in one) {
        run.skip('order', ids[from + i]!, one.error);
        continue;
      }
      all.push(one.order);
      await importOne(run, one);
    }
  }
  return all;
}

/** Bills of lading, by ascending number, each with the source's number, date and free on board. */
export async function importBols(run: ImportRun, all: readonly SourceOrder[]): Promise<void> {
  const withBol = all
    .filter((o) => o.bill_of_lading_details !== null && run.mapped('order', o.id))
    .sort((a, b) => Number(a.bill_of_lading_details!.bill_of_lading_number) - Number(b.bill_of_lading_details!.bill_of_lading_number));
  await run.begin('bol', withBol.length);
  for (const o of withBol) {
    const details = o.bill_of_lading_details!;
    const fob = details.free_on_board ?? (await run.source.getJson<{ free_on_board?: string }>(`/api/orders/${o.id}/get-bol-number/`)).free_on_board ?? '';
    await run.step('bol', o.id, { ...details, free_on_board: fob }, async (deps, _mapped, tx) => {
      const orderId = run.targetIdOf('order', o.id);
      await bolNumberBefore(tx, details.bill_of_lading_number);
      const { bol } = await saveBol(deps, null, orderId, { bill_of_lading_date: details.date, free_on_board: fob });
      if (bol.bolNumber !== details.bill_of_lading_number) await keepBolNumber(tx, bol.id, details.bill_of_lading_number);
      return bol.id;
    });
  }
}
