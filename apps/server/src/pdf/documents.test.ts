import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calculateInvoiceTotals, formatMoney } from '@icehouse/domain';
import { createPdfRenderer, type PdfRenderer } from './renderer';
import { renderBolHtml } from './templates/bill-of-lading';
import { renderInvoiceHtml } from './templates/invoice';
import { renderOrderPrintHtml } from './templates/order-print';
import { readPdfText } from '../../tests/pdf-text';
import {
  manyInvoiceLines,
  sampleBol,
  sampleInvoice,
  sampleInvoiceLines,
  sampleOrderPrint,
} from '../../tests/pdf-samples';

/** The three documents through the real Chromium, read back as text with pdf.js. */

let renderer: PdfRenderer;

beforeAll(() => {
  renderer = createPdfRenderer({ executablePath: process.env.CHROME_PATH, maxConcurrent: 2 });
});

afterAll(async () => {
  await renderer?.close();
});

const lines = (text: string) => text.split('\n');

describe('invoice PDF', () => {
  it('prints the letterhead, parties, terms, lines and the totals it was given', async () => {
    const doc = sampleInvoice();
    const pdf = await renderer.render(renderInvoiceHtml(doc));
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const { numPages, all } = await readPdfText(pdf);
    expect(numPages).toBe(1);

    for (const text of [
      'North Star Ice House Co.',
      '1200 Industrial Pkwy',
      'Duluth, MN 55802',
      'Phone (218) 555-0142 · Fax (218) 555-0143',
      'orders@northstaricehouse.com · www.northstaricehouse.com',
      'INVOICE',
      '03/14/2025 INV-10427',
      'Lakeside Bait & Tackle',
      'Two Harbors, MN 55616',
      'Lakeside Bait & Tackle - Store 2',
      'Silver Bay, MN 55614',
      'PO 5521 / Silver Bay cooler Due on receipt 03/14/2025 03/21/2025',
      '24-1187',
      'QTY DESCRIPTION PRICE EACH AMOUNT',
      '1 Walk-in Cooler (Freezer/Cooler Unit) - Size: 8x10, Thickness: 4 in $8,450.00 $8,450.00',
      '2 LED Light Kit $89.50 $179.00',
      '3 Galvanized Shelving Unit $145.00 $435.00',
      '1 Freight $650.00 $650.00',
      'PLEASE REMIT PAYMENT TO',
      'PO Box 4410',
      'Duluth, MN 55804-4410',
      'Thank you for your business.',
      'Page 1 of 1',
    ]) {
      expect(all).toContain(text);
    }
    expect(lines(all)).toEqual(
      expect.arrayContaining([
        'Subtotal $10,039.00',
        'Discount (10%) -$1,003.90',
        'Sales Tax (8.25%) $691.77',
        'Total $9,726.87',
        'Payments/Credits -$1,000.00',
        'Balance Due $8,726.87',
      ]),
    );
    // Neither US country codes nor a stray "undefined" leak onto the paper.
    expect(all).not.toMatch(/undefined|null|NaN|\bUS\b/);
  });

  it("prints the domain's totals to the cent (the same function as the screen and the API)", async () => {
    const totals = calculateInvoiceTotals({
      lineItems: sampleInvoiceLines,
      discount: '10',
      discountIsPercentage: true,
      taxRate: '8.25',
      taxExempt: false,
      paymentsCredits: '1000.00',
    });
    const { all } = await readPdfText(await renderer.render(renderInvoiceHtml(sampleInvoice())));
    expect(lines(all)).toEqual(
      expect.arrayContaining([
        `Subtotal ${formatMoney(totals.subtotal)}`,
        `Total ${formatMoney(totals.total)}`,
        `Balance Due ${formatMoney(totals.balanceDue)}`,
      ]),
    );
  });

  it('spreads 200 lines over several pages, repeating the column headers and numbering the pages', async () => {
    const lineItems = manyInvoiceLines(200);
    const pdf = await renderer.render(renderInvoiceHtml(sampleInvoice({}, lineItems)));
    const { numPages, pages, all } = await readPdfText(pdf);
    expect(numPages).toBeGreaterThanOrEqual(4);
    pages.forEach((page, i) => {
      expect(page).toContain(`Page ${i + 1} of ${numPages}`);
      expect(page).toContain('Invoice INV-10427');
      expect(page).toContain('QTY DESCRIPTION PRICE EACH AMOUNT');
    });
    // Every line printed once, in order, none split across pages.
    const printed = [
      ...all.matchAll(/Line item (\d{3}) - Insulated panel 4 in x 8 ft \$[\d,.]+ \$[\d,.]+/g),
    ].map((m) => Number(m[1]));
    expect(printed).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
    // The totals sit on the last page, after the last line.
    const last = pages[numPages - 1] ?? '';
    expect(last).toContain('Line item 200');
    expect(last).toMatch(/Balance Due \$[\d,]+\.\d\d/);
  });

  it('prints hostile customer text literally and runs none of it', async () => {
    const doc = sampleInvoice({
      bill_to: {
        name: '<script>alert(1)</script>',
        street: '<img src=x onerror=alert(1)>',
        city: 'Ely',
        state: 'MN',
      },
      line_items: [
        {
          quantity: 1,
          description: '<script>document.body.innerHTML="HACKED"</script><b>not bold</b>',
          price_each: '5.00',
          amount: '5.00',
        },
      ],
    });
    const { all } = await readPdfText(await renderer.render(renderInvoiceHtml(doc)));
    expect(all).toContain('<script>alert(1)</script>');
    expect(all).toContain('<img src=x onerror=alert(1)>');
    expect(all).toContain('<script>document.body.innerHTML="HACKED"</script><b>not bold</b>');
    expect(all).toContain('INV-10427');
  });
});

describe('bill of lading PDF', () => {
  it('prints shipper, consignee, shipment, articles, delivery notes and signature lines', async () => {
    const { numPages, all } = await readPdfText(await renderer.render(renderBolHtml(sampleBol())));
    expect(numPages).toBe(1);
    for (const text of [
      'BILL OF LADING',
      '03/21/2025 BOL-2025-0311',
      'SHIPPER',
      'CONSIGNEE (SHIP TO)',
      'Lakeside Bait & Tackle - Store 2',
      'Phone (218) 555-0199',
      'BILL TO',
      '24-1187',
      'EPS-88213',
      'Northland Freight',
      'Duluth, MN',
      'DESCRIPTION OF ARTICLES',
      '1 Walk-in Cooler (Freezer/Cooler Unit)',
      'Size: 8x10',
      'Thickness: 4 in',
      'Door Type: 36 in Walk-in Door',
      'Hinge Side: Left',
      'Door Cladding: Diamond Plate',
      'Roof Color: White',
      'Siding Color: Tan',
      '2 LED Light Kit',
      '3 Galvanized Shelving Unit',
      'SPECIAL DELIVERY INFORMATION',
      'Call 30 minutes before arrival.\nForklift on site; deliver to the rear dock.',
      'DRIVER SIGNATURE',
      'Received the above in good order',
      'Page 1 of 1',
      'Bill of Lading BOL-2025-0311 · Door # 24-1187',
    ]) {
      expect(all).toContain(text);
    }
    expect(all.match(/SIGNATURE/g)?.length).toBeGreaterThanOrEqual(3);
    expect(all.match(/DATE/g)?.length).toBeGreaterThanOrEqual(4);
  });
});

describe('order print PDF', () => {
  it('prints everything the shop floor needs on one page', async () => {
    const doc = sampleOrderPrint();
    const { numPages, all } = await readPdfText(await renderer.render(renderOrderPrintHtml(doc)));
    expect(numPages).toBe(1);
    for (const text of [
      'ORDER',
      'DOOR #\n24-1187',
      'Scheduled to Ship',
      '03/03/2025 03/21/2025',
      'EPS-88213',
      '03/24/2025 INV-10427',
      'Lakeside Bait & Tackle',
      'Phone (218) 555-0177',
      'BILLING ADDRESS',
      'SHIPPING ADDRESS',
      'Silver Bay, MN 55614',
      'Walk-in Cooler (Freezer/Cooler Unit)',
      'SIZE\n8x10',
      'THICKNESS\n4 in',
      'DOOR TYPE\n36 in Walk-in Door',
      'HINGE SIDE\nLeft',
      'DOOR CLADDING\nDiamond Plate',
      'ROOF COLOR\nWhite',
      'SIDING COLOR\nTan',
      'DOOR INFORMATION\nDoor centered on the 8 ft wall, 18 in from the left corner.\nStrip curtain inside.',
      'ORDER NOTES',
      'Customer wants the serial plate',
      'Call 30 minutes before arrival.',
      'Freight Cost: $650.00',
      '2 LED Light Kit $89.50 $179.00',
      '3 Galvanized Shelving Unit $145.00 $435.00',
      'Blueprint: silver-bay-cooler-plan.pdf',
      'Door Drawing: door-placement-24-1187.pdf',
      'Page 1 of 1',
    ]) {
      expect(all).toContain(text);
    }
    expect(lines(all)).toEqual(
      expect.arrayContaining([
        'Building $8,450.00',
        'Door Cladding $325.00',
        'Additional Items $614.00',
        'Freight $650.00',
        `Subtotal ${formatMoney(doc.totals.subtotal)}`,
        'Discount -$250.00',
        `Sales Tax (8.25%) ${formatMoney(doc.totals.tax_amount)}`,
        `Total ${formatMoney(doc.totals.total)}`,
      ]),
    );
  });

  it('stamps a voided order, still on one page', async () => {
    const pdf = await renderer.render(renderOrderPrintHtml(sampleOrderPrint({ status: 'voided' })));
    const { numPages, all } = await readPdfText(pdf);
    expect(numPages).toBe(1);
    expect(all).toContain('VOIDED');
    expect(all).not.toContain('Scheduled to Ship');
  });
});
