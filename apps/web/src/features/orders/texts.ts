import { MESSAGES, MESSAGE_TEMPLATES } from '@icehouse/domain';

/**
 * Texts of the dashboard and the orders list. The spec's own words come from the domain's
 * MESSAGES; those marked "ours" are not in the spec and are worded to say what to do next.
 */
export const ORDERS_TEXT = {
  dashboardTitle: 'Dashboard',
  allOrders: 'All Orders',
  exportCsv: 'Export CSV', // ours
  searchOrders: 'Search Orders',
  backToDashboard: 'Back to Dashboard',
  createNewOrder: 'Create New Order',
  combinedInvoiceButton: MESSAGE_TEMPLATES.combinedInvoiceButton,
  combinedInvoiceTitle: 'Create Combined Invoice',
  create: 'Create',
  creating: 'Creating...', // ours
  cancel: 'Cancel', // ours
  loadMore: 'Load More Orders',
  loadingMore: 'Loading...', // ours
  noOrdersFound: MESSAGES.noOrdersFound,
  searching: MESSAGES.searching,
  loading: 'Loading...', // ours
  showing: (shown: number, total: string) => `Showing ${shown} of ${total} orders`, // ours

  // Filters
  year: 'Year',
  month: 'Month',
  status: 'Status',
  customerName: 'Customer Name',
  serialNumber: 'Serial Number',
  customerPlaceholder: 'Search by customer name', // ours
  serialPlaceholder: 'Search by serial number', // ours
  filtersLabel: 'Filter orders', // ours (the filter bar's accessible name)

  // Tables
  monthlyCaption: 'Orders by month', // ours (hidden caption)
  ordersCaption: 'Orders', // ours (hidden caption)
  totalOrders: 'Total Orders',
  orderStatus: 'Order Status',
  orderDate: 'Order Date',
  doorNumber: 'Door #',
  depositsHeld: 'Deposits',
  statusActions: 'Status Actions',
  select: 'Select', // ours (hidden header of the checkbox column)
  selectOrder: (door: string) => `Select order ${door}`, // ours
  openOrder: (door: string, customer: string) => (customer ? `Order ${door}, ${customer}` : `Order ${door}`), // ours (a clickable row's name)
  voidedNotCombinable: 'Voided orders cannot be invoiced', // ours
  alreadyInvoiced: (invoiceNumber: string | null) =>
    invoiceNumber
      ? `Already on invoice #${invoiceNumber}: it cannot be combined` // ours
      : 'Already invoiced: it cannot be combined', // ours

  // Status actions
  bol: 'BOL',
  inv: 'INV',
  bolState: (present: boolean) => (present ? 'Bill of Lading generated' : 'Bill of Lading not generated'),
  invState: (present: boolean, invoiceNumber?: string | null) =>
    present
      ? invoiceNumber
        ? `Invoice generated (#${invoiceNumber})`
        : 'Invoice generated'
      : 'Invoice not generated',
  cannotProgress: MESSAGES.cannotProgress,
  retry: 'Retry',
  updatingStatus: 'Updating...', // ours
  statusUpdateFailed: MESSAGES.statusUpdateFailed,

  // Combined invoice
  combinedInvoiceIntro: (count: number) => `One invoice for these ${count} orders:`, // ours
  invoiceDate: 'Date',
  // Orders of different billing customers (decision 012): ours.
  mixedCustomersTitle: 'Different customers',
  mixedCustomersWarning: (names: readonly string[]) =>
    `These orders are billed to different customers: ${names.join(', ')}. The invoice's Bill To shows only the first.`,
  confirmMixedCustomers: 'Combine orders of different customers into one invoice',
  confirmMixedCustomersRequired: 'Confirm that these customers share one invoice, or change the selection.',
  combinedInvoiceError: MESSAGES.combinedInvoiceError,
  combinedInvoiceDone: (count: number) =>
    `Combined invoice created for ${count} orders; its PDF has been downloaded.`, // ours
  combinedInvoiceFileName: 'combined-invoice.pdf',

  // Load failures
  loadOrdersError: 'The orders could not be loaded. Check the connection and try again.', // ours
  loadMonthsError: 'The monthly order counts could not be loaded. Check the connection and try again.', // ours
} as const;
