import { MESSAGES, MESSAGE_TEMPLATES } from '@icehouse/domain';
import { INVOICE_LOADING_TEXT } from './loadingText';

/**
 * Texts of the invoices screens (invoices spec §2, §8; orders spec §8). The spec's own words come
 * from the domain's MESSAGES; those marked "ours" are not in the spec and are worded to say what
 * happened or what to do next.
 */
export const INVOICE_TEXT = {
  // Invoices list
  title: 'Invoices',
  exportCsv: 'Export CSV', // ours
  searchLabel: 'Search invoices', // ours
  searchPlaceholder: 'Search by customer name or invoice number', // ours
  tableCaption: 'Invoices', // ours (hidden caption)
  invoiceNumber: 'Invoice #',
  date: 'Date',
  customerName: 'Customer Name',
  orderNumber: 'Order #',
  type: 'Type',
  totalAmount: 'Total Amount',
  actions: 'Actions',
  single: 'Single',
  combined: MESSAGE_TEMPLATES.combinedBadge,
  edited: 'Edited',
  editedHint: 'The layout of this invoice was edited by hand', // ours
  editLayout: 'Edit Layout',
  print: 'Print',
  printing: 'Printing…',
  downloadPdf: 'Download PDF',
  downloading: 'Downloading…',
  delete: 'Delete',
  confirm: 'Confirm',
  cancel: 'Cancel',
  deleting: 'Deleting…', // ours
  confirmDelete: (number: string) => `Delete invoice #${number}?`, // ours
  deleted: (number: string) => `Invoice #${number} deleted successfully`, // ours
  deleteError: MESSAGES.deleteInvoiceError,
  loadMore: 'Load More Invoices',
  loadingMore: 'Loading…', // ours
  empty: 'No invoices found', // ours
  // Deleted invoices (superusers; decision 011): all ours.
  deletedTitle: 'Deleted Invoices',
  deletedShow: 'Show Deleted Invoices',
  deletedHide: 'Hide Deleted Invoices',
  deletedIntro: 'Invoices that were deleted. Their numbers are never given to another invoice.',
  deletedEmpty: 'No invoices have been deleted',
  deletedLoading: 'Loading deleted invoices...',
  deletedError: 'Error loading deleted invoices. Please try again.',
  deletedAt: 'Deleted',
  deletedBy: 'Deleted By',
  deletedShowing: (shown: number, total: number) =>
    `Showing the latest ${shown} of ${total} deleted invoices`,
  emptySearch: (search: string) => `No invoices match "${search}"`, // ours
  searching: MESSAGES.searching,
  fetchError: 'Error fetching invoices. Please try again.', // ours
  retry: 'Retry', // ours
  showing: (shown: number, total: string) => `Showing ${shown} of ${total} invoices`, // ours
  openOrder: (door: string) => `Open order ${door}`, // ours (title of the Order # button)
  chooseOrder: 'Choose which order to open', // ours (title of a combined invoice's Order # button)

  // Select Order to Edit (a combined invoice's orders)
  selectOrderTitle: 'Select Order to Edit',
  selectOrderDescription: (number: string) => `Invoice #${number} covers these orders. Choose one to open.`, // ours
  orderChoice: (door: string, customer: string) =>
    customer ? `Order ${door}, ${customer}` : `Order ${door}`, // ours
  loadingOrders: 'Loading orders…', // ours
  fetchOrderError: MESSAGES.fetchOrderError,
  loadOrderError: MESSAGES.loadOrderError,
  openOrderFormError: MESSAGES.openOrderFormError,

  // PDFs
  pdfError: MESSAGES.pdfError,
  linkError: 'The customer link could not be changed. Try again.',
  pdfRenderError: MESSAGES.pdfGenerationError,

  // Invoice editor
  editorTitle: 'Edit Invoice', // ours
  editorDescription: (number: string, customer: string) =>
    customer ? `Invoice #${number} · ${customer}` : `Invoice #${number}`, // ours
  back: 'Back to Invoices', // ours (spec: a back button to /invoices)
  save: 'Save',
  saving: 'Saving…', // ours
  download: 'Download',
  saved: 'Invoice saved successfully', // ours
  saveError: 'Error saving invoice. Please try again.', // ours
  checkFields: 'Please correct the highlighted fields.', // ours
  conflict:
    'Someone else changed this invoice while you were editing it, so it was not saved. Your changes are still on screen: ' +
    'note what you need, then reload the invoice to see the latest version and apply your changes again.', // ours
  reload: 'Reload Invoice', // ours
  reloading: 'Reloading…', // ours
  notFound: 'Invoice not found. It may have been deleted.', // ours
  loadError: 'Error loading invoice. Please try again.', // ours
  loading: INVOICE_LOADING_TEXT,
  unsaved: 'Unsaved changes', // ours
  detailsSection: 'Invoice Details', // ours
  billTo: 'Bill To',
  shipTo: 'Ship To',
  name: 'Name',
  street: 'Street',
  city: 'City',
  state: 'State',
  zip: 'Zip',
  country: 'Country',
  poJobName: 'P.O. # / Job Name',
  shipDate: 'Ship date',
  via: 'Via',
  terms: 'Terms',
  dueDate: 'Due Date',
  lineItems: 'Line Items', // ours (the table's caption)
  qty: 'Qty',
  description: 'Description',
  priceEach: 'Price Each',
  amount: 'Amount',
  addItem: 'Add Item',
  noItems: 'No line items. Add Item adds one.', // ours
  removeItem: (n: number) => `Remove item ${n}`, // ours
  qtyOf: (n: number) => `Qty of item ${n}`, // ours
  descriptionOf: (n: number) => `Description of item ${n}`, // ours
  priceEachOf: (n: number) => `Price Each of item ${n}`, // ours
  amountOf: (n: number) => `Amount of item ${n}`, // ours
  totalsSection: 'Totals', // ours
  subtotal: 'Subtotal',
  discount: 'Discount',
  discountAmount: 'Discount Amount', // ours (the amount the discount takes off)
  salesTax: (percent: string) => `Sales Tax (${percent}%)`,
  taxExempt: 'Tax Exempt',
  taxRate: 'Tax Rate (%)',
  total: 'Total',
  paymentsCredits: 'Payments/Credits',
  balanceDue: 'Balance Due',
  /** An overpayment kept on the invoice (decision 135). */
  credit: 'Credit',

  // Invoice viewer
  viewerTitle: 'Invoice PDF',
  viewerLoading: 'Loading…',
  pageLabel: (n: number, total: number) => `Page ${n} of ${total}`, // ours
  autoPrinting: 'Printing… This tab closes by itself when printing is done.', // ours
  printDone: 'Printing is done. You can close this tab.', // ours
} as const;
