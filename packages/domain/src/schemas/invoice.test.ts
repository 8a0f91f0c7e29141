import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages';
import { errorsOf, parseOk } from '../testing/schema';
import { bolSchema } from './bol';
import { combinedInvoiceSchema, invoiceEditableDataSchema, invoicePatchSchema } from './invoice';

describe('invoice editable_data', () => {
  it('fills defaults: terms Due on receipt, zero money, empty addresses and lines', () => {
    const data = parseOk(invoiceEditableDataSchema, {});
    expect(data).toMatchObject({
      terms: 'Due on receipt',
      tax_exempt: false,
      tax_rate: '0.00',
      discount: '0.00',
      discount_is_percentage: false,
      payments_credits: '0.00',
      line_items: [],
      ship_date: null,
      due_date: null,
    });
    expect(data.bill_to.country).toBe('US');
  });

  it('normalises line items', () => {
    const data = parseOk(invoiceEditableDataSchema, {
      line_items: [
        { quantity: '2', description: 'Shelving', price_each: 125 },
        { description: 'Freight', price_each: '400', is_freight: true },
        {},
      ],
    });
    expect(data.line_items).toEqual([
      { quantity: 2, description: 'Shelving', price_each: '125.00', is_freight: undefined },
      { quantity: 1, description: 'Freight', price_each: '400.00', is_freight: true },
      { quantity: 1, description: '', price_each: '0.00', is_freight: undefined },
    ]);
  });

  it('tax rate 0 to 100, percent discount 0 to 100, fixed discount and payments at least 0', () => {
    expect(
      errorsOf(invoiceEditableDataSchema, { tax_rate: '101', discount: '-1', payments_credits: '-5' }),
    ).toEqual({
      tax_rate: [MESSAGES.taxRateRange],
      discount: ['Discount cannot be negative'],
      payments_credits: [MESSAGES.paymentsNegative],
    });
    expect(errorsOf(invoiceEditableDataSchema, { discount: '150', discount_is_percentage: true })).toEqual({
      discount: ['Percentage discount cannot be greater than 100%'],
    });
    expect(
      errorsOf(invoiceEditableDataSchema, { discount: '150', tax_rate: '100', payments_credits: '0' }),
    ).toEqual({});
  });

  it('line quantities and prices must be numbers', () => {
    expect(
      errorsOf(invoiceEditableDataSchema, { line_items: [{ quantity: 'two', price_each: 'x' }] }),
    ).toEqual({
      line_items: [{ quantity: [MESSAGES.quantityInvalid], price_each: ['Please enter a valid price'] }],
    });
  });
});

describe('invoice PATCH body', () => {
  it('accepts any subset, but what is sent must be valid', () => {
    expect(parseOk(invoicePatchSchema, {})).toEqual({});
    expect(parseOk(invoicePatchSchema, { date: '2024-07-01' })).toEqual({ date: '2024-07-01' });
    expect(errorsOf(invoicePatchSchema, { invoice_number: '', date: null })).toEqual({
      invoice_number: [MESSAGES.invoiceNumberRequired],
      date: ['Date is required'],
    });
    expect(errorsOf(invoicePatchSchema, { editable_data: { tax_rate: '200' } })).toEqual({
      editable_data: { tax_rate: [MESSAGES.taxRateRange] },
    });
  });
});

describe('combined invoice', () => {
  it('needs a date and at least 2 orders', () => {
    expect(errorsOf(combinedInvoiceSchema, { order_ids: [4] })).toEqual({
      order_ids: [MESSAGES.combinedInvoiceMinOrders],
      date: ['Date is required'],
    });
    expect(errorsOf(combinedInvoiceSchema, {})).toEqual({
      order_ids: [MESSAGES.combinedInvoiceMinOrders],
      date: ['Date is required'],
    });
    expect(parseOk(combinedInvoiceSchema, { order_ids: [4, '7'], date: '2024-07-01' })).toEqual({
      order_ids: [4, 7],
      date: '2024-07-01',
      confirm_mixed_customers: false,
    });
    // Optional: a confirmed mix of billing customers (decision 012).
    expect(
      parseOk(combinedInvoiceSchema, { order_ids: [4, 7], date: '2024-07-01', confirm_mixed_customers: true })
        .confirm_mixed_customers,
    ).toBe(true);
  });

  it('refuses repeated and malformed ids', () => {
    expect(errorsOf(combinedInvoiceSchema, { order_ids: [4, 4], date: '2024-07-01' })).toEqual({
      order_ids: [MESSAGES.combinedInvoiceDuplicateOrders],
    });
    expect(errorsOf(combinedInvoiceSchema, { order_ids: [4, 'x', 5], date: '2024-07-01' })).toEqual({
      order_ids: { '1': [MESSAGES.orderIdInvalid] },
    });
  });
});

describe('bill of lading', () => {
  it('requires the date; free on board is optional', () => {
    expect(errorsOf(bolSchema, {})).toEqual({ bill_of_lading_date: ['Date is required'] });
    expect(parseOk(bolSchema, { bill_of_lading_date: '2024-07-01' })).toEqual({
      bill_of_lading_date: '2024-07-01',
      free_on_board: '',
    });
    expect(
      parseOk(bolSchema, { bill_of_lading_date: '2024-07-01', free_on_board: 'Origin' }).free_on_board,
    ).toBe('Origin');
  });
});
