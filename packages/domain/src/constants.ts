/**
 * Business constants from the spec (orders-and-sign-in.md §3, §4, §9 and
 * invoices-catalogue-users-company.md §3, §9). One place for each value.
 */

export const ORDER_STATUSES = ['pending', 'processed', 'scheduled_to_ship', 'completed', 'voided'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending: 'Pending',
  processed: 'Processed',
  scheduled_to_ship: 'Scheduled to Ship',
  completed: 'Completed',
  voided: 'Voided',
};

export const BUILDING_TYPES = [
  'FREEZER_COOLER_UNIT',
  'ICE_HOUSE_KIT',
  'PREBUILT_ICE_HOUSE',
  'DOOR_ONLY',
] as const;
export type BuildingType = (typeof BUILDING_TYPES)[number];

export const BUILDING_TYPE_LABELS: Record<BuildingType, string> = {
  FREEZER_COOLER_UNIT: 'Freezer/Cooler Unit',
  ICE_HOUSE_KIT: 'Ice House Kit',
  PREBUILT_ICE_HOUSE: 'Prebuilt Ice House',
  DOOR_ONLY: 'Door Only',
};

export const SETTING_CATEGORIES = [
  'ship_via',
  'size',
  'thickness',
  'building_type',
  'door_type',
  'door_cladding',
  'hinge_side',
  'roof_color',
  'siding_color',
  'additional_item',
] as const;
export type SettingCategory = (typeof SETTING_CATEGORIES)[number];

export const SETTING_CATEGORY_LABELS: Record<SettingCategory, string> = {
  ship_via: 'Ship Via',
  size: 'Size',
  thickness: 'Thickness',
  building_type: 'Building Type',
  door_type: 'Door Type',
  door_cladding: 'Door Cladding',
  hinge_side: 'Hinge Side',
  roof_color: 'Roof Color',
  siding_color: 'Siding Color',
  additional_item: 'Additional Item',
};

/** Door handing options exist in the spec; their use is not shown. */
export const DOOR_HANDING_OPTIONS = ['HOR', 'HOL'] as const;

export const DEFAULT_COUNTRY = 'US';
export const DEFAULT_INVOICE_TERMS = 'Due on receipt';

export const LIMITS = {
  /** Upload limit for blueprint and door drawing PDFs: 50MB. */
  uploadMaxBytes: 52_428_800,
  searchDebounceMs: 400,
  /**
   * A text search of the orders or invoices list counts its matches up to this many; past that the
   * list's `count` is a lower bound (ours: counting every match of a common term costs more than the page).
   */
  searchCountMax: 1000,
  /** Ship-to addresses one customer may have (ours). */
  customerShipToMax: 50,
  /** Customers the order form's customer picker offers per search. */
  customerPickerSize: 20,
  lookupCacheMs: 300_000,
  loginDoubleSubmitMs: 300,
  combinedInvoiceMinOrders: 2,
  percentMax: 100,
  phoneDigits: 10,
  usZipMaxLength: 10,
  caPostalMaxLength: 7,
  stateMaxLength: 2,
  passwordMinLength: 8,
  usernameMaxLength: 150,
  priceStep: 0.01,
  simpleProductMinPrice: '0.01',
  /** Largest amount a numeric(12,2) column holds. */
  moneyMax: '9999999999.99',
  quantityMin: 1,
  pdfRenderScale: 1.2,
  printFrameRemoveDelayMs: 300,
  printFrameFallbackMs: 120_000,
  mapsLoadTimeoutMs: 10_000,
  mapsMaxRetries: 3,
  mapsRetryDelayMs: 1_000,
  dropdownMaxMenuHeight: 300,
  dropdownMinMenuHeight: 140,
  dropdownPageSize: 5,
} as const;

/**
 * The longest text each kind of field takes, in characters (Unicode code points, as the previous
 * Django server counted them). One place for server and forms: the domain's text fields
 * (schemas/fields.ts) refuse longer text with MESSAGES.textTooLong(max). Shorter limits are the
 * spec's (state 2) or the sizes integrators already knew; everything else is `line` or `longText`.
 */
export const TEXT_LIMITS = {
  /** Notes and free-text areas: order notes, special delivery info, additional info, building
   * description, door information. */
  longText: 10_000,
  /** Invoice line descriptions: room for a line the server writes from an order (a 10,000-character
   * building description, its details and the 'Order {door}: ' prefix of a combined invoice). */
  invoiceLineDescription: 12_000,
  /** Names, address lines and every other single-line field. */
  line: 200,
  doorNumber: 50,
  invoiceNumber: 50,
  epsPoNumber: 100,
  /** Company and remit-to state (the spec's "State at most 2 characters"). */
  state: LIMITS.stateMaxLength,
  /** Company ZIP codes (order and invoice addresses follow the country's ZIP rules, at most 10). */
  companyZip: 20,
  /** Company phone and fax. */
  phone: 30,
  username: LIMITS.usernameMaxLength,
  password: 200,
  email: 200,
  /** Search terms of the orders and invoices lists. */
  search: 200,
} as const;

export const DROPDOWN_TEXT = {
  placeholder: 'Select...',
  noOptions: 'No options',
  loading: 'Loading...',
} as const;
