import { describe, expect, it } from 'vitest';
import { todayIso } from '@icehouse/domain';
import { createOrder, invoiceOrder, useInvoicesTestApp } from '../../../tests/invoices-test-support';
import { readPdfText } from '../../../tests/pdf-text';
import { creditNoteIssuedAnswer } from './schemas';

/** A credit note's PDF through the real Chromium, read back as text: its figures worked out by hand. */
const ctx = useInvoicesTestApp({ pdf: true });

describe('GET /api/credit-notes/{id}/pdf/', () => {
  it('prints the number, the invoice it credits, the reason, the credited lines, the tax reversed and the balance after', async () => {
    const invoice = await invoiceOrder(ctx, (await createOrder(ctx)).id);
    const edited = await ctx.staff.patch(`/api/invoices/${invoice.id}/`, {
      editable_data: {
        line_items: [
          { quantity: 2, description: 'Door panel', price_each: '333.33' },
          { quantity: 1, description: 'Freight', price_each: '150.00' },
        ],
        tax_exempt: false,
        tax_rate: '8.25',
        discount: '0',
      },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const issued = await ctx.staff.post(`/api/invoices/${invoice.id}/credit-notes/`, {
      date: todayIso(),
      reason: 'Returned panel, scratched',
      line_items: [{ quantity: 1, description: 'Door panel', price_each: '333.33' }],
    });
    expect(issued.statusCode, issued.body).toBe(201);
    const { credit_note: note } = creditNoteIssuedAnswer.parse(issued.json());

    const res = await ctx.staff.get(`/api/credit-notes/${note.id}/pdf/`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`inline; filename="credit-note-${note.credit_note_number}.pdf"`);
    const text = (await readPdfText(res.rawPayload)).all;
    // Invoice: 666.66 taxed + 150.00 freight; tax 8.25 % of 666.66 = 55.00; total 871.66.
    // Credit: 333.33, its tax 27.50 (8.25 % of 333.33 = 27.499...), 360.83; balance 871.66 - 360.83 = 510.83.
    for (const expected of [
      note.credit_note_number,
      invoice.invoice_number,
      'Returned panel, scratched',
      '1 Door panel $333.33 $333.33',
      'Subtotal $333.33',
      'Sales Tax (8.25%) $27.50',
      'Credit Total $360.83',
      'Invoice Total $871.66',
      'Balance Due $510.83',
    ])
      expect(text).toContain(expected);
    expect(text).not.toContain('Freight');
  });
});
