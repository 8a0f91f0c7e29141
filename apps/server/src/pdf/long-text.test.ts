import { TEXT_LIMITS } from '@icehouse/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPdfRenderer, type PdfRenderer } from './renderer';
import { renderBolHtml } from './templates/bill-of-lading';
import { renderInvoiceHtml } from './templates/invoice';
import { renderOrderPrintHtml } from './templates/order-print';
import type { PdfAddress } from './templates/types';
import { readPdfText } from '../../tests/pdf-text';
import { sampleBol, sampleInvoice, sampleOrderPrint } from '../../tests/pdf-samples';

/**
 * The longest values the text limits allow, as single unbroken words, through the real Chromium:
 * every character of every field must be on the paper (none cut at a box or the page edge).
 * Every field gets at least its own limit (the domain's TEXT_LIMITS); the fields with a shorter
 * one (door number 50, state 2, ...) get the line limit, which is longer.
 */

let renderer: PdfRenderer;

beforeAll(() => {
  renderer = createPdfRenderer({ executablePath: process.env.CHROME_PATH, maxConcurrent: 1 });
});

afterAll(async () => {
  await renderer?.close();
});

/**
 * An unbroken word of exactly `length` characters that starts with the field's tag and then counts
 * (upper case and digits only, so upper-casing templates print it as given): a dropped run of
 * characters anywhere cannot go unnoticed.
 */
function word(tag: string, length: number): string {
  let out = `${tag}X`;
  for (let n = 0; out.length < length; n++) out += n.toString(36).toUpperCase();
  return out.slice(0, length);
}

const line = (tag: string) => word(tag, TEXT_LIMITS.line);
const freeText = (tag: string) => word(tag, TEXT_LIMITS.longText);
/** An invoice line the server writes from an order may be longer than free text. */
const lineDescription = word('LINEDESC', TEXT_LIMITS.invoiceLineDescription);

function longAddress(tag: string): PdfAddress {
  return {
    name: line(`${tag}NAME`),
    street: line(`${tag}STREET`),
    city: line(`${tag}CITY`),
    state: line(`${tag}STATE`),
    zip_code: line(`${tag}ZIP`),
    country: line(`${tag}COUNTRY`),
  };
}

const longCompany = {
  ...longAddress('CO'),
  name: line('CONAME'),
  phone: line('COPHONE'),
  fax: line('COFAX'),
  email: line('COEMAIL'),
  website: line('COWEB'),
};

const longBuilding = {
  description: line('BLDGDESC'),
  size: line('SIZE'),
  thickness: line('THICK'),
  door_type: line('DOORTYPE'),
  hinge_side: line('HINGE'),
  door_cladding: line('CLADDING'),
  roof_color: line('ROOF'),
  siding_color: line('SIDING'),
};

/** Whitespace is where a word wrapped, so it is left out on both sides. */
const squeeze = (s: string) => s.replace(/\s+/g, '');

/**
 * True when `value` is on the paper in order, whole: one run, or runs that continue from page to
 * page (boxes side by side each carry their part of the value onto the next page, so a page's
 * text can hold another box's part between two parts of this one). A continuation must be at
 * least 8 characters or the rest of the value, so a stray digit elsewhere cannot stand in for it.
 */
function onPaper(value: string, pages: string[]): boolean {
  let rest = squeeze(value);
  for (const page of pages) {
    if (page.includes(rest)) return true;
    let found = 0;
    while (found < rest.length && page.includes(rest.slice(0, found + 1))) found++;
    if (found >= 8) rest = rest.slice(found);
  }
  return rest.length === 0;
}

async function expectEveryCharacter(html: string, fields: Record<string, string>): Promise<number> {
  const { pages, numPages } = await readPdfText(await renderer.render(html), { bodyOnly: true });
  const paper = pages.map(squeeze);
  const lost = Object.entries(fields)
    .filter(([, value]) => !onPaper(value, paper))
    .map(([name]) => name);
  expect(lost, `fields cut off on the paper (${lost.length} of ${Object.keys(fields).length})`).toEqual([]);
  return numPages;
}

function addressFields(prefix: string, address: PdfAddress): Record<string, string> {
  return Object.fromEntries(Object.entries(address).map(([k, v]) => [`${prefix}.${k}`, String(v)]));
}

describe('documents with the longest values the limits allow', () => {
  it('the order print keeps every character of every field', async () => {
    const doc = sampleOrderPrint({
      company: longCompany,
      door_number: line('DOORNO'),
      ship_via: line('SHIPVIA'),
      eps_po_number: line('EPSPO'),
      customer_po_job_name: line('CUSTPO'),
      invoice_number: line('INVNO'),
      bol_number: line('BOLNO'),
      customer_name: line('CUSTNAME'),
      phone: line('PHONE'),
      billing_address: longAddress('BILL'),
      shipping_address: longAddress('SHIP'),
      building: { ...sampleOrderPrint().building, ...longBuilding, building_type: 'FREEZER_COOLER_UNIT' },
      door_information: freeText('DOORINFO'),
      notes: freeText('NOTES'),
      special_delivery_info: freeText('SPECIAL'),
      additional_items: [{ quantity: 1, item: line('ITEM'), price: '1.00', amount: '1.00' }],
      drawings: [{ label: 'Blueprint', filename: line('FILE') }],
    });
    const pages = await expectEveryCharacter(renderOrderPrintHtml(doc), {
      'company.name': longCompany.name,
      door_number: doc.door_number,
      ship_via: String(doc.ship_via),
      eps_po_number: String(doc.eps_po_number),
      customer_po_job_name: String(doc.customer_po_job_name),
      invoice_number: String(doc.invoice_number),
      bol_number: String(doc.bol_number),
      customer_name: String(doc.customer_name),
      phone: String(doc.phone),
      ...addressFields('billing_address', doc.billing_address),
      ...addressFields('shipping_address', doc.shipping_address),
      ...Object.fromEntries(Object.entries(longBuilding).map(([k, v]) => [`building.${k}`, v])),
      door_information: String(doc.door_information),
      notes: String(doc.notes),
      special_delivery_info: String(doc.special_delivery_info),
      'additional_items.0.item': line('ITEM'),
      'drawings.0.filename': line('FILE'),
    });
    expect(pages).toBeGreaterThan(1);
  });

  it('the bill of lading keeps every character of every field', async () => {
    const doc = sampleBol({
      company: longCompany,
      bol_number: line('BOLNO'),
      free_on_board: line('FOB'),
      consignee: longAddress('CONS'),
      consignee_phone: line('CONSPHONE'),
      bill_to: longAddress('BILL'),
      order: {
        door_number: line('DOORNO'),
        customer_po_job_name: line('CUSTPO'),
        eps_po_number: line('EPSPO'),
        ship_via: line('SHIPVIA'),
        ship_date: '2025-03-21',
      },
      building: { ...longBuilding, building_type: 'FREEZER_COOLER_UNIT' },
      items: [{ quantity: 2, description: line('ITEM') }],
      special_delivery_info: freeText('SPECIAL'),
    });
    await expectEveryCharacter(renderBolHtml(doc), {
      ...addressFields('company', longCompany),
      'company.phone': longCompany.phone,
      bol_number: doc.bol_number,
      free_on_board: String(doc.free_on_board),
      ...addressFields('consignee', doc.consignee),
      consignee_phone: String(doc.consignee_phone),
      ...addressFields('bill_to', doc.bill_to),
      'order.door_number': doc.order.door_number,
      'order.customer_po_job_name': String(doc.order.customer_po_job_name),
      'order.eps_po_number': String(doc.order.eps_po_number),
      'order.ship_via': String(doc.order.ship_via),
      ...Object.fromEntries(Object.entries(longBuilding).map(([k, v]) => [`building.${k}`, v])),
      'items.0.description': line('ITEM'),
      special_delivery_info: String(doc.special_delivery_info),
    });
  });

  it('the invoice keeps every character of every field', async () => {
    const doc = sampleInvoice({
      company: longCompany,
      remit_to: longAddress('REMIT'),
      invoice_number: line('INVNO'),
      bill_to: longAddress('BILL'),
      ship_to: longAddress('SHIP'),
      po_job_name: line('POJOB'),
      ship_via: line('SHIPVIA'),
      terms: line('TERMS'),
      order_numbers: [line('ORDERA'), line('ORDERB')],
      note: freeText('NOTE'),
      line_items: [
        { quantity: 1, description: lineDescription, price_each: '8950.00', amount: '8950.00' },
      ],
    });
    await expectEveryCharacter(renderInvoiceHtml(doc), {
      'company.name': longCompany.name,
      'company.street': String(longCompany.street),
      'company.phone': longCompany.phone,
      'company.email': longCompany.email,
      'company.website': longCompany.website,
      ...addressFields('remit_to', doc.remit_to ?? {}),
      invoice_number: doc.invoice_number,
      ...addressFields('bill_to', doc.bill_to),
      ...addressFields('ship_to', doc.ship_to),
      po_job_name: String(doc.po_job_name),
      ship_via: String(doc.ship_via),
      terms: String(doc.terms),
      'order_numbers.0': line('ORDERA'),
      'order_numbers.1': line('ORDERB'),
      note: String(doc.note),
      'line_items.0.description': lineDescription,
    });
  });
});
