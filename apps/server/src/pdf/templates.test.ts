import { describe, expect, it } from 'vitest';
import { renderBolHtml } from './templates/bill-of-lading';
import { renderInvoiceHtml } from './templates/invoice';
import {
  addressLines,
  buildingSpecs,
  buildingTitle,
  cssString,
  percent,
  quantity,
  resolveRemitTo,
  salesTaxLabel,
} from './templates/layout';
import { renderOrderPrintHtml } from './templates/order-print';
import { sampleBol, sampleCompanyInfo, sampleInvoice, sampleOrderPrint } from '../../tests/pdf-samples';

/** The templates without a browser: pure functions of data to HTML. */

const SCRIPT = '<script>alert(1)</script>';
const IMG = '<img src=x onerror=alert(1)>';

describe('formatting helpers', () => {
  it('prints quantities without trailing zeros and percentages as given', () => {
    expect(quantity(2)).toBe('2');
    expect(quantity('3.00')).toBe('3');
    expect(quantity('1.50')).toBe('1.5');
    expect(percent('8.25')).toBe('8.25%');
    expect(percent('8.00')).toBe('8%');
    expect(percent(null)).toBe('0%');
  });

  it('labels sales tax with its rate, or as exempt', () => {
    expect(salesTaxLabel({ tax_rate: '8.25', tax_exempt: false })).toBe('Sales Tax (8.25%)');
    expect(salesTaxLabel({ tax_rate: '8.25', tax_exempt: true })).toBe('Sales Tax (Exempt)');
  });

  it('writes addresses as name, street, "City, ST ZIP", leaving the US and blanks out', () => {
    expect(
      addressLines({
        name: 'Ann',
        street: '1 Main St',
        city: 'Ely',
        state: 'mn',
        zip_code: '55731',
        country: 'US',
      }),
    ).toEqual(['Ann', '1 Main St', 'Ely, MN 55731']);
    expect(
      addressLines({ name: 'Bob', city: 'Thunder Bay', state: 'ON', zip_code: 'P7B 1A1', country: 'Canada' }),
    ).toEqual(['Bob', 'Thunder Bay, ON P7B 1A1', 'Canada']);
    expect(addressLines({ name: '  ', street: null })).toEqual([]);
    expect(addressLines(null)).toEqual([]);
  });

  it('falls back to the company address when the remit-to fields are blank', () => {
    expect(resolveRemitTo(sampleCompanyInfo)).toEqual({
      name: 'North Star Ice House Co. - Receivables',
      street: 'PO Box 4410',
      city: 'Duluth',
      state: 'MN',
      zip_code: '55804-4410',
    });
    const blank = {
      ...sampleCompanyInfo,
      remit_payment_name: '',
      remit_payment_street: ' ',
      remit_payment_city: null,
    };
    expect(
      resolveRemitTo({ ...blank, remit_payment_state: undefined, remit_payment_zip_code: '' }),
    ).toMatchObject({ name: 'North Star Ice House Co.', street: '1200 Industrial Pkwy', zip_code: '55802' });
  });

  it('titles a building with its type label unless the description already says it', () => {
    expect(buildingTitle({ description: 'Walk-in Cooler', building_type: 'FREEZER_COOLER_UNIT' })).toBe(
      'Walk-in Cooler (Freezer/Cooler Unit)',
    );
    expect(buildingTitle({ description: 'Deluxe Ice House Kit', building_type: 'ICE_HOUSE_KIT' })).toBe(
      'Deluxe Ice House Kit',
    );
    expect(buildingTitle({ building_type: 'DOOR_ONLY' })).toBe('Door Only');
    expect(buildingSpecs({ size: '8x10', thickness: ' ', hinge_side: 'Left' })).toEqual([
      ['Size', '8x10'],
      ['Hinge Side', 'Left'],
    ]);
  });

  it('makes CSS strings nothing can escape from', () => {
    const css = cssString('a"b\\c</style><script>x</script>\n');
    expect(css).toMatch(/^"[A-Za-z0-9 .,#:()\\-]*"$/);
    expect(css).not.toContain('<');
    expect(css.slice(1, -1)).not.toContain('"');
    expect(cssString('Invoice 10-42')).toBe('"Invoice 10-42"');
  });
});

describe('documents as HTML', () => {
  it('are complete documents with a strict content security policy and Letter pages', () => {
    for (const html of [
      renderInvoiceHtml(sampleInvoice()),
      renderBolHtml(sampleBol()),
      renderOrderPrintHtml(sampleOrderPrint()),
    ]) {
      expect(html.startsWith('<!doctype html><html lang="en">')).toBe(true);
      expect(html.replaceAll('&#x27;', "'")).toContain(
        `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:; font-src data:"/>`,
      );
      expect(html).toContain('size:Letter');
      expect(html).toContain('counter(pages)');
      expect(html).toContain('thead{display:table-header-group}');
      expect(html).not.toMatch(/<script|<link|<iframe|https?:/i);
    }
  });

  it('escape text typed by users everywhere it appears', () => {
    const hostile = `${SCRIPT} ${IMG}`;
    const invoice = renderInvoiceHtml(
      sampleInvoice({
        invoice_number: `"</style>${SCRIPT}`,
        bill_to: { name: hostile, street: IMG },
        po_job_name: hostile,
        note: hostile,
        line_items: [{ quantity: 1, description: hostile, price_each: '1.00', amount: '1.00' }],
        company: { name: hostile },
      }),
    );
    const bol = renderBolHtml(
      sampleBol({ special_delivery_info: hostile, items: [{ quantity: 1, description: hostile }] }),
    );
    const order = renderOrderPrintHtml(
      sampleOrderPrint({
        customer_name: hostile,
        notes: hostile,
        door_information: hostile,
        door_number: hostile,
      }),
    );
    for (const html of [invoice, bol, order]) {
      expect(html).not.toMatch(/<script/i);
      expect(html).not.toMatch(/<img/i);
      expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
      expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    }
    // The invoice number also reaches the footer, inside CSS: hex-escaped, the style element intact.
    expect(invoice.match(/<\/style>/g)).toHaveLength(1);
  });

  it('leave out an empty discount row and print an exempt tax row', () => {
    const doc = sampleInvoice();
    const html = renderInvoiceHtml({
      ...doc,
      totals: { ...doc.totals, discount_amount: '0.00', tax_exempt: true, tax_amount: '0.00' },
    });
    expect(html).not.toContain('Discount (10%)');
    expect(html).toContain('Sales Tax (Exempt)');
  });

  it('label a combined invoice with every order it covers', () => {
    const html = renderInvoiceHtml(sampleInvoice({ order_numbers: ['24-1187', '24-1190', '24-1202'] }));
    expect(html).toContain('<th>Orders</th>');
    expect(html).toContain('24-1187, 24-1190, 24-1202');
  });

  it('mark a voided order and note attached drawings by file name', () => {
    const html = renderOrderPrintHtml(sampleOrderPrint({ status: 'voided' }));
    expect(html).toContain('VOIDED');
    expect(html).toContain('status-voided');
    expect(html).toContain('silver-bay-cooler-plan.pdf');
  });
});
