import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { ACCOUNTING_EXPORT_TEXT, Decimal, MESSAGES, addDays, todayIso } from '@icehouse/domain';
import { createOrder, invoiceOrder, useInvoicesTestApp } from '../../../tests/invoices-test-support';
import { countRows } from '../../../tests/orders-test-support';
import { salesTaxAnswer } from './schemas';

/**
 * The accountant export ties to the reports (decision 205), on PGlite and PostgreSQL
 * (TEST_DATABASE_URL): a range with invoices, payments, a reversal, deposits (taken, refunded,
 * moved onto an invoice, applied from a voided order), a credit note and credit applied between
 * invoices; the IIF file and the CSVs are parsed here, on their own, and their amounts added up per
 * account and column against the sales tax report and the payments CSV of the same range.
 */
const ctx = useInvoicesTestApp();
const today = todayIso();
const from = addDays(today, -20);
const before = addDays(today, -40);

async function ok(res: { statusCode: number; body: string; json(): unknown }, status = 201) {
  expect(res.statusCode, res.body).toBe(status);
  return res.json() as Record<string, unknown> & { id: number };
}

async function invoiceWith(orderId: number, editable: Record<string, unknown>, date = today) {
  const invoice = await invoiceOrder(ctx, orderId);
  await ok(await ctx.staff.patch(`/api/invoices/${invoice.id}/`, { date, editable_data: editable }), 200);
  return invoice;
}

/** Seeds the range; answers the customer id. */
async function seed() {
  const c = await ok(await ctx.staff.post('/api/customers/', { name: 'Lakeside Dairy' }));
  // A: a deposit moved onto its invoice, taxed lines, freight and a discount, a payment, a credit note.
  const a = await createOrder(ctx, { customer_id: c.id });
  await ok(
    await ctx.staff.post(`/api/orders/${a.id}/deposits/`, { date: from, method: 'check', amount: '500' }),
  );
  const invA = await invoiceWith(a.id, {
    line_items: [
      { quantity: 2, description: 'Door panel', price_each: '333.33' },
      { quantity: 3, description: 'Cooler', price_each: '1000.01' },
      { quantity: 1, description: 'Freight', price_each: '150.00' },
    ],
    tax_exempt: false,
    tax_rate: '8.25',
    discount: '50',
    discount_is_percentage: false,
  });
  await ok(
    await ctx.staff.post(`/api/invoices/${invA.id}/payments/`, {
      date: today,
      method: 'check',
      amount: '300',
      reference: '1044',
    }),
  );
  await ok(
    await ctx.staff.post(`/api/invoices/${invA.id}/credit-notes/`, {
      date: today,
      reason: 'Returned panel',
      line_items: [{ quantity: 1, description: 'Door panel', price_each: '333.33' }],
    }),
  );
  // B: tax exempt, paid over its total, one payment reversed; the overpayment applied to A in part, refunded in part.
  const b = await createOrder(ctx, { customer_id: c.id });
  const invB = await invoiceWith(b.id, {
    line_items: [{ quantity: 3, description: 'Hinge kit', price_each: '19.99' }],
    tax_exempt: true,
    tax_rate: '8.25',
    discount: '0',
  });
  const bounced = await ok(
    await ctx.staff.post(`/api/invoices/${invB.id}/payments/`, {
      date: today,
      method: 'check',
      amount: '59.97',
    }),
  );
  await ok(
    await ctx.staff.post(`/api/payments/${(bounced.payment as { id: number }).id}/reverse/`, {
      reason: 'Bounced',
    }),
  );
  await ok(
    await ctx.staff.post(`/api/invoices/${invB.id}/payments/`, {
      date: today,
      method: 'card',
      amount: '100',
    }),
  );
  await ok(
    await ctx.staff.post(`/api/customers/${c.id}/credit/apply/`, {
      source_invoice_id: invB.id,
      invoice_id: invA.id,
      amount: '25.00',
      date: today,
    }),
  );
  await ok(
    await ctx.staff.post(`/api/customers/${c.id}/credit/refund/`, {
      source_invoice_id: invB.id,
      amount: '5.00',
      date: today,
      method: 'check',
      reason: 'Overpaid',
    }),
  );
  // C: a deposit on an order then voided: part refunded, part applied to A.
  const cOrder = await createOrder(ctx, { customer_id: c.id });
  await ok(
    await ctx.staff.post(`/api/orders/${cOrder.id}/deposits/`, { date: from, method: 'cash', amount: '200' }),
  );
  await ok(await ctx.staff.post(`/api/orders/${cOrder.id}/void/`, {}), 200);
  await ok(
    await ctx.staff.post(`/api/orders/${cOrder.id}/deposits/refund/`, {
      date: today,
      method: 'check',
      amount: '50',
      reason: 'Cancelled',
    }),
  );
  await ok(
    await ctx.staff.post(`/api/customers/${c.id}/credit/apply/`, {
      source_order_id: cOrder.id,
      invoice_id: invA.id,
      amount: '100',
      date: today,
    }),
  );
  // D: dated before the range, never exported.
  const d = await createOrder(ctx, { customer_id: c.id });
  await invoiceWith(
    d.id,
    { line_items: [{ quantity: 1, description: 'Old door', price_each: '999.00' }], tax_rate: '0' },
    before,
  );
  return { customerId: c.id, orders: [a.id, cOrder.id] };
}

const download = async (format: string, range = `from=${from}&to=${today}`) => {
  const res = await ctx.staff.get(`/api/reports/accounting-export/?${range}&format=${format}`);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-disposition']).toContain(`accounting-${format}-${from}-to-${today}.`);
  return res;
};
const csvRows = (body: string) => parse(body, { columns: true, bom: true }) as Record<string, string>[];
const sum = (values: (string | undefined)[]) => values.reduce((s, v) => s.plus(v || 0), new Decimal(0));
const money = (d: Decimal) => d.toFixed(2);

/** The IIF file read on its own terms: header rows, then TRNS, SPL..., ENDTRNS blocks. */
function parseIif(text: string) {
  const rows = text
    .split('\r\n')
    .filter(Boolean)
    .map((r) => r.split('\t'));
  const trnsHeader = rows[0]!;
  const splHeader = rows[1]!;
  expect(trnsHeader.slice(0, 1)).toEqual(['!TRNS']);
  expect(splHeader[0]).toBe('!SPL');
  expect(rows[2]).toEqual(['!ENDTRNS']);
  const field = (row: string[], name: string) =>
    row[(row[0] === 'TRNS' ? trnsHeader : splHeader).indexOf(name)]!;
  const blocks: { type: string; lines: { account: string; amount: string }[] }[] = [];
  for (const row of rows.slice(3)) {
    if (row[0] === 'TRNS') blocks.push({ type: field(row, 'TRNSTYPE'), lines: [] });
    if (row[0] === 'TRNS' || row[0] === 'SPL')
      blocks.at(-1)!.lines.push({ account: field(row, 'ACCNT'), amount: field(row, 'AMOUNT') });
  }
  return blocks;
}

describe('accountant export', () => {
  it('ties the IIF file and the CSVs to the sales tax report and the payments CSV of the same range, and changes nothing', async () => {
    const { orders } = await seed();
    const tables = ['invoices', 'invoice_payments', 'order_deposits', 'credit_notes', 'company_info'];
    const counts = await Promise.all(tables.map((t) => countRows(ctx.database, t)));

    const report = salesTaxAnswer.parse(
      (await ctx.staff.get(`/api/reports/sales-tax/?from=${from}&to=${today}`)).json(),
    ).total;
    const ledger = csvRows((await ctx.staff.get(`/api/payments/export.csv?from=${from}&to=${today}`)).body);
    const ofKind = (...kinds: string[]) =>
      sum(ledger.filter((e) => kinds.includes(e.Kind!)).map((e) => e.Amount));
    const deposits = (
      await Promise.all(
        orders.map(
          async (id) =>
            (await ctx.staff.get(`/api/orders/${id}/deposits/`)).json() as {
              results: { kind: string; amount: string; date: string }[];
            },
        ),
      )
    ).flatMap((a) => a.results);
    const depositsOf = (kind: string) => sum(deposits.filter((d) => d.kind === kind).map((d) => d.amount));

    // IIF: every block balances; documents tie to the sales tax report column by column.
    const iif = await download('iif');
    expect(iif.headers['content-type']).toBe('application/octet-stream');
    const blocks = parseIif(iif.body);
    for (const b of blocks) expect(money(sum(b.lines.map((l) => l.amount)))).toBe('0.00');
    const accountSum = (account: string, types?: string[]) =>
      sum(
        blocks
          .filter((b) => !types || types.includes(b.type))
          .flatMap((b) => b.lines)
          .filter((l) => l.account === account)
          .map((l) => l.amount),
      );
    const docs = ['INVOICE', 'CREDIT MEMO'];
    expect(money(accountSum('Accounts Receivable', docs))).toBe(report.total);
    expect(money(accountSum('Sales', docs).plus(accountSum('Discounts Given', docs)).negated())).toBe(
      money(new Decimal(report.taxable_sales).plus(report.exempt_sales)),
    );
    expect(money(accountSum('Shipping and Delivery Income', docs).negated())).toBe(report.freight);
    expect(money(accountSum('Sales Tax Payable', docs).negated())).toBe(report.tax);
    expect(money(accountSum('Discounts Given', docs))).toBe(report.discounts);
    // The ledger: receivables move by every entry of the payments CSV (credit notes through their memos).
    expect(money(accountSum('Accounts Receivable'))).toBe(
      money(
        new Decimal(report.total)
          .plus(ofKind('credit_note'))
          .minus(ofKind(...new Set(ledger.map((e) => e.Kind!)))),
      ),
    );
    const reversedKind = (e: Record<string, string>) =>
      ledger.find((p) => p['Payment ID'] === e['Reverses Payment ID'])?.Kind;
    const reversalsOf = (kind: string) =>
      sum(ledger.filter((e) => e.Kind === 'reversal' && reversedKind(e) === kind).map((e) => e.Amount));
    expect(money(accountSum('Undeposited Funds'))).toBe(
      money(ofKind('payment').plus(reversalsOf('payment')).plus(depositsOf('deposit'))),
    );
    expect(money(accountSum('Checking'))).toBe(money(ofKind('refund').plus(depositsOf('refund'))));
    expect(money(accountSum('Customer Deposits'))).toBe(
      money(
        depositsOf('deposit')
          .plus(depositsOf('refund'))
          .negated()
          .plus(ofKind('deposit'))
          .plus(depositsOf('applied').negated()),
      ),
    );
    expect(blocks.map((b) => b.type).sort()).toEqual(
      expect.arrayContaining(['INVOICE', 'CREDIT MEMO', 'PAYMENT', 'CHECK', 'GENERAL JOURNAL']),
    );

    // QuickBooks Online and Xero: the invoices less the credit notes tie to the report's total and tax.
    const qbo = csvRows((await download('qbo-invoices')).body);
    expect(Object.keys(qbo[0]!)).toEqual(
      expect.arrayContaining([
        'InvoiceNo',
        'Customer',
        'InvoiceDate',
        'DueDate',
        'Item(Product/Service)',
        'ItemAmount',
        'ItemTaxCode',
        'ItemTaxAmount',
      ]),
    );
    const xero = csvRows((await download('xero-invoices')).body);
    expect(Object.keys(xero[0]!)).toEqual(
      expect.arrayContaining([
        '*ContactName',
        '*InvoiceNumber',
        '*InvoiceDate',
        '*DueDate',
        '*Quantity',
        '*UnitAmount',
        '*AccountCode',
        '*TaxType',
        'TaxAmount',
      ]),
    );
    const notes = csvRows((await download('xero-credit-notes')).body);
    expect(Object.keys(notes[0]!)).toEqual(
      expect.arrayContaining(['*ContactName', '*CreditNoteNumber', '*CreditNoteDate']),
    );
    const lineTotal = (rows: Record<string, string>[]) =>
      sum(rows.map((r) => money(new Decimal(r['*Quantity']!).times(r['*UnitAmount']!)))).plus(
        sum(rows.map((r) => r.TaxAmount)),
      );
    const qboTotal = sum(qbo.map((r) => r.ItemAmount)).plus(sum(qbo.map((r) => r.ItemTaxAmount)));
    expect(money(qboTotal.minus(lineTotal(notes)))).toBe(report.total);
    expect(money(lineTotal(xero).minus(lineTotal(notes)))).toBe(report.total);
    expect(money(sum(qbo.map((r) => r.ItemTaxAmount)).minus(sum(notes.map((r) => r.TaxAmount))))).toBe(
      report.tax,
    );
    expect(money(sum(xero.map((r) => r.TaxAmount)).minus(sum(notes.map((r) => r.TaxAmount))))).toBe(
      report.tax,
    );
    expect(new Set(qbo.map((r) => r.InvoiceNo)).size).toBe(report.invoices);
    expect(new Set(notes.map((r) => r['*CreditNoteNumber'])).size).toBe(report.credit_notes);

    // The QuickBooks Online journal: balanced, and with the invoices it moves receivables as the IIF file does.
    const journal = csvRows((await download('qbo-journal')).body);
    expect(money(sum(journal.map((r) => r.Debits)))).toBe(money(sum(journal.map((r) => r.Credits))));
    const ar = journal.filter((r) => r.AccountName === 'Accounts Receivable');
    expect(money(qboTotal.plus(sum(ar.map((r) => r.Debits))).minus(sum(ar.map((r) => r.Credits))))).toBe(
      money(accountSum('Accounts Receivable')),
    );

    expect(await Promise.all(tables.map((t) => countRows(ctx.database, t)))).toEqual(counts);
  });

  it('posts to the account names saved in Company Information', async () => {
    await seed();
    const settings = (await ctx.staff.get('/api/company-info/accounting/')).json() as Record<string, string>;
    expect(settings.account_receivable).toBe('Accounts Receivable');
    const saved = await ctx.admin.post('/api/company-info/accounting/', {
      ...settings,
      account_sales: 'Income:Buildings',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await ctx.staff.post('/api/company-info/accounting/', settings)).statusCode).toBe(403);
    const blank = await ctx.admin.post('/api/company-info/accounting/', {
      ...settings,
      account_refunds: ' ',
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ account_refunds: [expect.any(String)] });
    const accounts = new Set(
      parseIif((await download('iif')).body).flatMap((b) => b.lines.map((l) => l.account)),
    );
    expect(accounts.has('Income:Buildings')).toBe(true);
    expect(accounts.has('Sales')).toBe(false);
    await ctx.admin.post('/api/company-info/accounting/', settings);
  });

  it('refuses an empty range, To before From, a range over 366 days and an unknown format, with a clear message', async () => {
    await seed();
    const get = (q: string) => ctx.staff.get(`/api/reports/accounting-export/?${q}`);
    const empty = await get('from=2001-01-01&to=2001-12-31');
    expect(empty.statusCode).toBe(404);
    expect(empty.json()).toEqual({ detail: ACCOUNTING_EXPORT_TEXT.empty('2001-01-01', '2001-12-31') });
    expect((await get(`from=${today}&to=${from}`)).json()).toEqual({ to: [MESSAGES.reportRangeOrder] });
    const long = await get(`from=${addDays(today, -366)}&to=${today}`);
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({ to: [ACCOUNTING_EXPORT_TEXT.rangeTooLong] });
    expect((await get(`from=${addDays(today, -365)}&to=${today}&format=iif`)).statusCode).toBe(200);
    expect((await get(`from=${from}&to=${today}&format=pdf`)).json()).toEqual({
      format: [ACCOUNTING_EXPORT_TEXT.formatInvalid],
    });
    expect(
      (await ctx.anonymous.get(`/api/reports/accounting-export/?from=${from}&to=${today}`)).statusCode,
    ).toBe(401);
    const summary = (
      await ctx.staff.get(`/api/reports/accounting-export/summary/?from=${from}&to=${today}`)
    ).json();
    expect(summary).toMatchObject({ invoices: 2, credit_notes: 1, max_records: 20000 });
  });
});
