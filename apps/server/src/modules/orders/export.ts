import { statusLabel } from '@icehouse/domain';
import { csvFilename, csvStream, type CsvColumn } from '../../csv';
import { exportOrders, type OrderExportRow } from './export-query';
import type { OrderListFilters } from './list-filters';
import type { DbDeps } from './service-common';

/** The orders list as CSV (issue 16 item 4): the list's filters, every matching order, newest first. */
export const ORDER_CSV_COLUMNS: CsvColumn<OrderExportRow>[] = [
  { header: 'Order ID', kind: 'integer', value: (r) => r.id },
  { header: 'Door Number', kind: 'text', value: (r) => r.doorNumber },
  { header: 'Date', kind: 'date', value: (r) => r.date },
  { header: 'Status', kind: 'text', value: (r) => statusLabel(r.status) },
  { header: 'Customer ID', kind: 'integer', value: (r) => r.customerId },
  { header: 'Billing Name', kind: 'text', value: (r) => r.billingName },
  { header: 'Shipping Name', kind: 'text', value: (r) => r.shippingName },
  { header: 'Customer PO / Job Name', kind: 'text', value: (r) => r.customerPoJobName },
  { header: 'EPS PO Number', kind: 'text', value: (r) => r.epsPoNumber },
  { header: 'Phone', kind: 'text', value: (r) => r.phone },
  { header: 'Ship Date', kind: 'date', value: (r) => r.shipDate },
  { header: 'Ship Via', kind: 'text', value: (r) => r.shipVia },
  { header: 'Freight Cost', kind: 'decimal', value: (r) => r.freightCost },
  { header: 'Discount', kind: 'decimal', value: (r) => r.discount },
  { header: 'Discount Is Percentage', kind: 'boolean', value: (r) => r.discountIsPercentage },
  { header: 'Tax Exempt', kind: 'boolean', value: (r) => r.taxExempt },
  { header: 'Invoice Number', kind: 'text', value: (r) => r.invoiceNumber },
  { header: 'Invoice Date', kind: 'date', value: (r) => r.invoiceDate },
  { header: 'BOL Number', kind: 'text', value: (r) => r.bolNumber },
];

export function ordersCsv(deps: DbDeps, filters: OrderListFilters) {
  return {
    stream: csvStream(ORDER_CSV_COLUMNS, exportOrders(deps, filters)),
    filename: csvFilename('orders'),
  };
}
