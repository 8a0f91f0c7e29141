import { formatMoney, type MoneyInput } from './money';
import { formatUsDate } from './dates';

/**
 * Every user-facing text the two spec documents give, written once so the web forms and the
 * server answer with identical words. Texts the spec does not give (marked "ours") are worded
 * to say what to do next. The UI must branch on error codes, never on these strings.
 */
export const MESSAGES = {
  // Order form validation (orders-and-sign-in.md §5)
  orderValidationFailed: 'Validation failed. Please check the required fields.',
  doorNumberRequired: 'Door Number is required',
  dateRequired: 'Date is required',
  statusRequired: 'Status is required',
  statusInvalid: 'Select a valid status', // ours
  completedWithoutInvoice: 'Cannot set status to Completed without Invoice',
  epsPoNumberRequired: 'EPS PO Number is required',
  shipDateRequired: 'Ship Date is required',
  shippingMethodRequired: 'Shipping Method is required',
  invoiceRequired: 'Invoice is required',
  productRequired: 'Product is required',
  buildingTypeRequiredForCustom: 'Building Type is required for custom products',
  buildingDescriptionRequired: 'Building Description is required for this building type',
  sizeRequired: 'Either size or custom size must be provided for this building type',
  thicknessRequired: 'Thickness is required for this building type',
  priceInvalid: 'Please enter a valid price',
  priceNegative: 'Price cannot be negative',
  priceDecimals: 'Ensure that there are no more than 2 decimal places.', // the previous server's (DRF) wording
  quantityWhole: 'Quantity must be a whole number', // ours
  quantityMin: 'Quantity must be at least 1',
  quantityInvalid: 'Quantity must be a number', // ours
  additionalItemRequired: 'Select an item or enter a custom item name', // ours
  billingNameRequired: 'Billing name is required', // ours (the spec shows an asterisk only)
  phoneInvalid: 'Invalid phone number format. Use (XXX) XXX-XXXX',
  discountInvalid: 'Please enter a valid discount', // ours
  discountNegative: 'Discount cannot be negative',
  discountPercentMax: 'Percentage discount cannot be greater than 100%',
  zipInvalid: 'ZIP code must be 12345 or 12345-6789', // ours
  zipTooLong: 'ZIP code must be at most 10 characters', // ours
  postalCodeInvalid: 'Postal code must look like A1A 1A1', // ours
  addressSearchNeedsStreetCity: 'Please enter at least street and city for the address search.',
  uploadPdfOnly: 'Please upload PDF files only',
  uploadTooLarge: 'File size must be less than 50MB',
  uploadOnSave: 'The file will be uploaded when the order is saved.',
  uploadVoidedOrder: "A voided order's files cannot be changed. Unvoid it first.", // ours
  uploadWrongField: (field: string) => `Send the file in the multipart field "${field}".`, // ours
  uploadNoFile: 'No file was submitted.', // ours
  uploadStoreUnavailable: 'The file could not be stored just now. Please try again in a moment.', // ours
  saveOrderBeforeInvoice: 'Please save the order before creating an invoice.',
  dateInvalid: 'Enter a valid date (YYYY-MM-DD)', // ours
  optionInvalid: 'Select a valid option', // ours
  buildingTypeInvalid: 'Select a valid building type', // ours
  amountTooLarge: 'Amount is too large', // ours
  // Every text field (TEXT_LIMITS): the previous Django REST Framework server's own wording.
  /** A REST body that is JSON but not an object (null, an array, a number): DRF answers 400 too. */
  bodyNotAnObject: 'Send the data as a JSON object.',
  textTooLong: (max: number) => `Ensure this field has no more than ${max} characters.`,
  textSurrogate: (codePoint: number) =>
    `Surrogate characters are not allowed: U+${codePoint.toString(16).toUpperCase()}.`,
  textNullCharacter: 'Null characters are not allowed.',

  // Ship schedule and monthly figures (all ours)
  scheduleStartRequired: 'Start date is required',
  scheduleEndRequired: 'End date is required',
  scheduleEndBeforeStart: 'End date cannot be before the start date',
  scheduleRangeTooLong: (days: number) => `Choose a range of at most ${days} days`,
  monthInvalid: 'Enter a valid month (YYYY-MM)',

  // Bill of lading and combined invoice
  bolDateRequired: 'Date is required', // ours (spec: "BOL date required")
  combinedInvoiceMinOrders: 'Select at least 2 orders for a combined invoice', // ours
  combinedInvoiceDuplicateOrders: 'Each order can only be included once', // ours
  orderIdInvalid: 'Select a valid order', // ours

  // Invoice editor (invoices-catalogue-users-company.md §5)
  taxRateRange: 'Tax rate must be between 0 and 100', // ours
  taxRateInvalid: 'Tax rate must be a number', // ours
  paymentsNegative: 'Payments/Credits cannot be negative', // ours
  paymentsInvalid: 'Payments/Credits must be a number', // ours
  invoiceNumberRequired: 'Invoice # is required', // ours

  // Customers (all ours: the spec has no customers screen)
  customerNameRequired: 'Customer name is required',
  shipToOneDefault: 'Only one ship-to address can be the default',
  shipToTooMany: (max: number) => `A customer can have at most ${max} ship-to addresses`,
  customerNotFound: 'Customer not found.',
  customerStale:
    'This customer was changed by someone else since you opened it. Reload it to see their changes.',
  customerVersionRequired: 'Version is required: send the version you read with the customer.',
  customerVersionInvalid: 'Version must be a whole number.',
  customerNotAnObject: 'Send the customer as a JSON object.',
  customerHasOrders: (orders: number) =>
    `This customer has ${orders} order${orders === 1 ? '' : 's'} and cannot be deleted. Orders keep their customer; ` +
    'edit the customer instead, or move the orders to another customer first.',
  customerInvalid: 'Select a valid customer',
  shipToAddressUnknown:
    'This ship-to address does not belong to the customer. Reload the customer and try again.',

  // Catalogue
  nameRequired: 'Name is required',
  costRequired: 'Cost is required', // ours
  costInvalid: 'Cost must be a number', // ours
  costPositive: 'Cost must be positive',
  markupRequired: 'Markup is required', // ours
  markupInvalid: 'Markup must be a number', // ours
  markupPositive: 'Markup must be positive',
  descriptionRequired: 'Description is required', // ours
  buildingTypeRequired: 'Building Type is required',
  simpleProductPrice: 'Simple products must have a valid price',
  priceGreaterThanZero: 'Price must be greater than 0',
  componentsRequired: 'Component products must have at least one component',
  componentSelectionRequired: 'Component selection is required',
  componentDuplicate: 'This component is already in the product', // ours
  categoryRequired: 'Category is required', // ours
  categoryInvalid: 'Select a valid category', // ours
  valueRequired: 'Value is required', // ours
  priceRequired: 'Price is required', // ours

  // Users and company
  usernameRequired: 'Username is required', // ours
  passwordRequired: 'Password is required', // ours
  passwordMin: 'Password must be at least 8 characters', // ours (the spec's hint)
  emailInvalid: 'Enter a valid email address', // ours
  roleInvalid: 'Select a valid role', // ours
  roleAdminMismatch: 'An admin has the Admin role: choose Admin or clear the admin flag', // ours
  lastActiveAdmin: 'The last active admin must stay an active admin', // ours
  passwordsDiffer: 'The two passwords differ', // ours
  passwordResetInvalid: 'This password reset link is not valid (it was used, replaced or has expired). Ask your admin for a new one.', // ours
  passwordResetRateLimited: 'Too many tries from this address. Wait 15 minutes and try again.', // ours
  passwordResetNoEmail: 'The user has no email address: copy the link and hand it over yourself.', // ours
  passwordResetNotConfigured: 'No email server or From address is set: copy the link and hand it over yourself.', // ours
  stateMax: 'State must be at most 2 characters', // ours
  salesTaxRateRange: 'Sales tax rate must be between 0 and 100', // ours
  salesTaxRateInvalid: 'Sales tax rate must be a number', // ours

  // Hints shown under fields
  zipHint: 'XXXXX or XXXXX-XXXX',
  phoneHint: '(XXX) XXX-XXXX',
  postalCodeHint: 'A1A 1A1',
  passwordHint: 'At least 8 characters', // ours
  passwordKeepHint: 'Leave blank to keep the current password', // ours

  // Status pipeline
  cannotProgress: 'Cannot Progress',
  cannotChangeStatus: 'Cannot change status',
  missingInvoiceDocument: 'Missing required document: Invoice',
  statusUpdateFailed: 'Failed to update status',

  // Sign-in
  loginFailed: 'Login failed',
  invalidCredentials: 'Incorrect username or password.',
  inactiveAccount: 'Your account is inactive, please contact admin.',

  // Order alerts
  duplicateOrderError: 'Error duplicating order',
  saveOrderError: 'Error saving order. Please try again.',
  voidOrderError: 'Error voiding order. Please try again.',
  unvoidOrderError: 'Error unvoiding order. Please try again.',
  deleteOrderError: 'Error deleting order. Please try again.',
  printOrderError: 'Error printing order. Please try again.',
  fetchOrderError: 'Error fetching order details. Please try again.',
  loadOrderError: 'Error loading order. Please try again.',
  openOrderFormError: 'Unable to open order form. Please try again.',
  createInvoiceError: 'Failed to create invoice. Please try again.',
  createBolError: 'Error creating bill of lading. Please try again.',
  pdfGenerationError: 'There was an error generating the PDF. Please try again.',
  pdfError: 'Error generating PDF. Please try again.',
  combinedInvoiceError: 'Error creating combined invoice. Please try again.',
  deleteInvoiceError: 'Error deleting invoice. Please try again.',
  orderVoided: 'Order has been voided successfully.',
  orderUnvoided: 'Order has been unvoided successfully.',
  orderDeleted: 'Order deleted successfully.',
  confirmVoid: 'Are you sure you want to void this order?',
  confirmUnvoid: 'Are you sure you want to unvoid this order? This will restore it to pending status.',
  confirmDelete: 'Are you sure you want to delete this order?',

  // Catalogue, users, company alerts
  saveProductError: 'Failed to save product',
  fetchProductsError: 'Failed to fetch products',
  fetchComponentsError: 'Failed to fetch components',
  fetchUsersError: 'Error fetching users',
  createUserError: 'Error creating user',
  updateUserError: 'Error updating user',
  deleteUserError: 'Error deleting user',
  userCreated: 'User created successfully',
  userUpdated: 'User updated successfully',
  fetchCompanyError: 'Error fetching company information',
  updateCompanyError: 'Error updating company information',
  companyUpdated: 'Company information updated successfully',

  // Empty states
  noOrdersFound: 'No orders found',
  noUsersFound: 'No users found',
  searching: 'Searching...',
  noMatchingItems: 'No matching items available',
  allItemsSelected: 'All items have been selected',

  // Address autocomplete
  autocompleteDisabled: 'Address autocomplete is disabled',
  autocompleteNotSupported: 'not supported in this browser',
  autocompleteUnavailable: 'currently unavailable',
  autocompleteLoadFailed: 'Failed to load address autocomplete',
  autocompleteInitFailed: 'Failed to initialize address autocomplete',
  mapsKeyMissing: 'Google Maps API key not configured',
  autocompleteTemporarilyUnavailable: 'temporarily unavailable',

  // API tokens, idempotency and sync. The token texts follow DRF's TokenAuthentication.
  tokenInvalid: 'Invalid token.',
  tokenHeaderMissingKey: 'Invalid token header. No credentials provided.',
  tokenHeaderSpaces: 'Invalid token header. Token string should not contain spaces.',
  tokenExpired: 'Token has expired.', // ours
  tokenRevoked: 'Token has been revoked.', // ours
  tokenUserInactive: 'User inactive or deleted.',
  tokenReadOnly: 'This token is read-only: it may only read (GET).', // ours
  tokenNotAllowedHere:
    'API tokens cannot be used here: sign in to manage tokens, users, passwords or webhook secrets.', // ours
  tokenRateLimited: (seconds: number) => `Request was throttled. Expected available in ${seconds} seconds.`,
  tokenNameRequired: 'Name is required', // ours
  tokenExpiryPast: 'The expiry must be in the future', // ours
  tokenNotFound: 'No such token.', // ours
  idempotencyKeyInvalid: 'Idempotency-Key must be 1 to 255 visible ASCII characters.', // ours
  idempotencyKeyReused: 'This Idempotency-Key was already used with a different request.', // ours
  idempotencyKeyInProgress:
    'A request with this Idempotency-Key is still being processed. Try again shortly.', // ours
  orderingInvalid: 'Select a valid ordering: updated_at or -updated_at.', // ours
  pageSizeInvalid: (max: number) => `Enter a whole number of rows per page, between 1 and ${max}.`, // ours
  updatedSinceInvalid: 'Enter a valid ISO 8601 date and time, e.g. 2026-11-23T18:00:00Z.', // ours
  timestampZoneMissing:
    'This date and time has no time zone: add Z for UTC or an offset, e.g. 2026-11-23T18:00:00Z or 2026-11-23T12:00:00-06:00.', // ours

  // Background jobs (ours)
  failedJobNotFound: 'No failed job has that id: it may have been retried or discarded already.',

  // Archived documents (ours)
  documentNotFound: 'No archived document has that id.',

  // Email (ours)
  emailToRequired: 'Enter at least one address to send to.',
  emailAddressInvalid: 'Not a valid email address:',
  emailTooManyAddresses: 'At most 20 addresses.',
  emailSubjectRequired: 'Subject is required.',
  emailSubjectTooLong: 'Subject must be at most 300 characters.',
  emailBodyTooLong: 'Message must be at most 20,000 characters.',
  emailFromInvalid: 'Enter a valid From address (or leave it blank to use the company email).',
  emailNoFromAddress: 'Set a From address (or a company email) in Company Information before sending email.',
  emailNoBol: 'This order has no bill of lading yet. Create it first.',
  emailPlaceholderUnknown: (unknown: readonly string[], allowed: readonly string[]) =>
    `Unknown placeholder${unknown.length === 1 ? '' : 's'} ${unknown.map((p) => `{${p}}`).join(', ')}. ` +
    `Use ${allowed.map((p) => `{${p}}`).join(', ')}.`,
  emailNotConfigured:
    'Email is not set up on this server (no SMTP_URL). The message was kept as not sent: nothing was sent.',
  // Payments: all ours
  paymentAmountRequired: 'Amount is required',
  paymentAmountInvalid: 'Amount must be a number',
  paymentAmountZero: 'Amount cannot be 0',
  paymentDateTooLate: 'The date cannot be more than a year from today',
  paymentMethodRequired: 'Method is required',
  paymentMethodInvalid: 'Select a valid method: check, cash, card, ACH, wire or other',
  refundReasonRequired: 'A refund needs a reason',
  paymentsBelowZero: 'Payments/Credits cannot go below 0: this would refund more than was paid',
  paymentAlreadyReversed: 'This entry has already been reversed.',
  reversalNotReversible: 'A reversal cannot be reversed: record the entry again instead.',
  paymentNotFound: 'Payment not found.',
  invoiceStatusInvalid: 'Select a valid status: unpaid, partially_paid, paid or overdue',
  reportPeriodInvalid: 'Select a valid period: month, quarter or year',
  reportRangeRequired: 'Give a start and an end date',
  reportRangeOrder: 'The end date must be on or after the start date',
  reportRangeTooLong: 'A report covers at most 10 years',
  depositAmountPositive: 'A deposit must be more than 0',
  depositOrderVoided: 'This order is voided: it cannot take a deposit.',
  depositOrderInvoiced: 'This order is already invoiced: record the payment on its invoice.',
  depositNotFound: 'Deposit not found.',
  creditNoteReasonRequired: 'Give the reason for the credit note',
  creditNoteLinesRequired: 'Add at least one line to credit',
  creditNoteTooManyLines: 'A credit note has at most 200 lines',
  creditNoteZero: 'A credit note must credit more than 0',
  creditNoteNotFound: 'Credit note not found.',
  creditNoteVoidReasonRequired: 'Give the reason for voiding the credit note',
  creditNoteAlreadyVoided: 'This credit note is already voided.',
  creditNoteVoidBelowZero:
    "This credit note's amount has since been refunded or applied to another invoice: reverse that first, then void the note.",
  creditEntryNotReversible:
    'Deposits, credit notes and applied credit are not reversed here: issue a refund or a new document instead.',
  creditAmountPositive: 'The amount must be more than 0',
  creditSourceRequired: 'Choose where the credit comes from',
  creditTargetRequired: 'Choose the invoice to apply the credit to',
  creditSourceNotCustomers: "That credit is not this customer's.",
  creditSourceOrderOpen: 'That order is not voided: its deposits go onto its own invoice.',
  orderHasDeposits:
    'This order has deposits and cannot be deleted: void it instead (its deposits then become credit owed to the customer).',
  creditTargetNotCustomers: "That invoice is not this customer's.",
  creditTargetSame: 'Apply the credit to another invoice',
  creditAboveBalanceDue: 'The amount is more than the balance due on that invoice',
} as const;

export type MessageKey = keyof typeof MESSAGES;

/** Spec texts with a placeholder. */
export const MESSAGE_TEMPLATES = {
  moveTo: (statusLabel: string) => `Move to ${statusLabel}`,
  missingRequirements: (labels: readonly string[]) => `Missing requirements: ${labels.join(', ')}`,
  uploadFailed: (message: string) => `Failed to upload: ${message}`,
  removeFileFailed: (message: string) => `Failed to remove file: ${message}`,
  userDeleted: (name: string) => `User "${name}" deleted successfully`,
  confirmDeleteUser: (name: string) =>
    `Are you sure you want to delete the user "${name}"? This action cannot be undone.`,
  combinedInvoiceButton: (count: number) => `Create Combined Invoice (${count})`,
  combinedBadge: (count: number) => `Combined (${count})`,
  // Amounts in a message are written by formatMoney, as staff read them everywhere else ("$1,068.80").
  creditNoteAboveCreditable: (max: MoneyInput) =>
    `The credit note cannot be more than ${formatMoney(max)}, what remains to be credited on this invoice`,
  creditNoteVoidBeforeNote: (date: string) => `A void cannot be dated before its credit note (${formatUsDate(date)})`,
  creditAboveAvailable: (max: MoneyInput) => `Only ${formatMoney(max)} of credit is available from there`,
  depositAboveLimit: (limit: MoneyInput) =>
    `The deposit cannot be more than ${formatMoney(limit)}, what this order still needs`,
} as const;
