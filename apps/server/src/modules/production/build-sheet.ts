import { eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { orders, storedFiles } from '@icehouse/db/schema';
import { alias } from 'drizzle-orm/pg-core';
import type { AppDeps } from '../../deps';
import { getCompanyInfo } from '../company/service';
import { getOrder } from '../orders/order-read';
import { settingLabels, productDescriptions } from '../orders/views';
import { produceDocument, readBlob, type ArchivedPdf } from '../documents/archive';
import { numberPages } from '../../pdf/page-numbers';
import { loadBillsOfMaterials } from '../costing/bom-loader';
import { renderBuildSheetHtml, type BuildSheetDocument } from '../../pdf';

type Deps = Pick<AppDeps, 'database' | 'pdf' | 'blobs'>;

const blueprint = alias(storedFiles, 'blueprint');
const doorDrawing = alias(storedFiles, 'door_drawing');

/** A drawing of the order, read and parsed with pdf-lib; null `pdf` when it is not a readable PDF. */
interface Drawing {
  label: string;
  filename: string;
  sha256: string;
  pdf: PDFDocument | null;
}

async function loadDrawings(deps: Deps, orderId: number): Promise<Drawing[]> {
  const [row] = await deps.database.db
    .select({
      blueprint: { filename: blueprint.filename, sha256: blueprint.sha256 },
      door: { filename: doorDrawing.filename, sha256: doorDrawing.sha256 },
    })
    .from(orders)
    .leftJoin(blueprint, eq(blueprint.id, orders.blueprintFileId))
    .leftJoin(doorDrawing, eq(doorDrawing.id, orders.doorPlacementFileId))
    .where(eq(orders.id, orderId));
  const files = [
    { label: 'Blueprint', file: row?.blueprint },
    { label: 'Door drawing', file: row?.door },
  ];
  const out: Drawing[] = [];
  for (const { label, file } of files) {
    if (!file?.sha256) continue;
    let pdf: PDFDocument | null = null;
    try {
      // A malformed file (or one missing from the store) is named on the sheet instead of failing it.
      pdf = await PDFDocument.load(await readBlob(deps, file.sha256));
      if (pdf.getPageCount() === 0) pdf = null; // parsed, but nothing to append
    } catch {
      pdf = null;
    }
    out.push({ label, filename: file.filename ?? '', sha256: file.sha256, pdf });
  }
  return out;
}

/**
 * The shop's build sheet of an order: door number, ship date and via, the building and its options,
 * door placement, additional items, the bill of materials with quantities and the notes, then the
 * order's blueprint and door drawing appended as pages (pdf-lib). Archived and versioned like the
 * other documents: the hash covers the HTML and the drawings' SHA-256s.
 */
export async function buildSheetPdf(deps: Deps, orderId: number, userId: number | null): Promise<ArchivedPdf> {
  const order = await getOrder(deps, orderId); // 404 first
  const db = deps.database.db;
  const b = order.building_info;
  const productId = typeof b?.product === 'number' ? b.product : null;
  const [company, labels, products, boms, drawings] = await Promise.all([
    getCompanyInfo(deps),
    settingLabels(db, [b?.size, b?.thickness, b?.door_type, b?.door_cladding, b?.hinge_side, b?.roof_color, b?.siding_color, ...order.additional_items.map((i) => i.item)]),
    productDescriptions(db, [productId]),
    loadBillsOfMaterials(db, [orderId]),
    loadDrawings(deps, orderId),
  ]);
  const label = (id: number | null | undefined) => (typeof id === 'number' ? (labels.get(id) ?? '') : '');
  const doc: BuildSheetDocument = {
    company_name: company.name,
    door_number: order.door_number,
    customer_name: order.customer_name,
    ship_date: order.ship_date,
    ship_via: order.ship_via?.label ?? '',
    building: {
      description: b?.is_custom ? b.building_description : (productId !== null ? products.get(productId) : undefined) || b?.building_description,
      building_type: b?.building_type,
      size: b?.custom_size || label(b?.size),
      thickness: label(b?.thickness),
      door_type: label(b?.door_type),
      hinge_side: label(b?.hinge_side),
      door_cladding: label(b?.door_cladding),
      roof_color: label(b?.roof_color),
      siding_color: label(b?.siding_color),
    },
    door_placement: b?.door_placement ?? '',
    additional_items: order.additional_items.map((i) => ({ quantity: i.quantity, item: (i.item !== null ? label(i.item) : '') || i.custom_item_name || 'Additional Item' })),
    bill_of_materials: boms.get(orderId)!,
    notes: order.notes,
    drawings: drawings.map((d) => ({ label: d.label, filename: d.filename, added: d.pdf !== null })),
  };
  const html = renderBuildSheetHtml(doc);
  return produceDocument(
    deps,
    {
      kind: 'build_sheet',
      recordId: orderId,
      recordVersion: order.version,
      filename: `build-sheet-${order.door_number.replace(/[^A-Za-z0-9._-]+/g, '_')}.pdf`,
      html,
      hashHtml: `${html}\n${drawings.map((d) => d.sha256).join('\n')}`,
      finish: async (rendered) => {
        const sheet = await PDFDocument.load(rendered);
        for (const d of drawings) {
          if (!d.pdf) continue;
          for (const page of await sheet.copyPages(d.pdf, d.pdf.getPageIndices())) sheet.addPage(page);
        }
        await numberPages(sheet);
        return Buffer.from(await sheet.save());
      },
    },
    userId,
  );
}
