import { type Page } from '@playwright/test';

/** The invoices list's column headings, in order, as the spec names them. */
export const INVOICE_COLUMNS = [
  'Invoice #',
  'Date',
  'Customer Name',
  'Order #',
  'Type',
  'Total Amount',
  'Balance Due',
  'Due Date',
  'Actions',
];

export const invoicesTable = (page: Page) => page.getByRole('table', { name: 'Invoices' });

/** The list's invoice rows: those with cells (not the heading row). */
export const invoiceRows = (page: Page) =>
  invoicesTable(page)
    .getByRole('row')
    .filter({ has: page.getByRole('cell') });
