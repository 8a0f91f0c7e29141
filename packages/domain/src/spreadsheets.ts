import { BUILDING_TYPE_LABELS, BUILDING_TYPES, type BuildingType } from './constants';

/**
 * The spreadsheet import: what each kind of sheet holds (its fields, in template order), how a
 * header is matched to a field, how a yes/no and a building type are read from a cell, and the
 * messages the server answers and the screen shows. Rows are validated with the forms' own schemas
 * (customerSchema, componentSchema, productSchema) and their messages; these are only the words a
 * sheet adds.
 */

export const SPREADSHEET_KINDS = ['customers', 'components', 'products'] as const;
export type SpreadsheetKind = (typeof SPREADSHEET_KINDS)[number];

export const SPREADSHEET_KIND_LABELS: Record<SpreadsheetKind, string> = {
  customers: 'Customers',
  components: 'Components',
  products: 'Products',
};

export interface SpreadsheetField {
  key: string;
  label: string;
  required: boolean;
  /** Other header names this field is recognised by (compared without case, spaces or punctuation). */
  aliases?: readonly string[];
}

export const SPREADSHEET_FIELDS: Record<SpreadsheetKind, readonly SpreadsheetField[]> = {
  customers: [
    { key: 'name', label: 'Name', required: true, aliases: ['customer', 'customer name', 'billing name', 'company'] },
    { key: 'phone', label: 'Phone', required: false, aliases: ['telephone', 'phone number'] },
    { key: 'email', label: 'Email', required: false, aliases: ['e-mail', 'email address'] },
    { key: 'billing_street', label: 'Billing street', required: false, aliases: ['street', 'address'] },
    { key: 'billing_city', label: 'Billing city', required: false, aliases: ['city'] },
    { key: 'billing_state', label: 'Billing state', required: false, aliases: ['state', 'province'] },
    { key: 'billing_zip_code', label: 'Billing ZIP code', required: false, aliases: ['zip', 'zip code', 'postal code'] },
    { key: 'billing_country', label: 'Billing country', required: false, aliases: ['country'] },
    { key: 'notes', label: 'Notes', required: false },
    { key: 'payment_terms', label: 'Payment terms', required: false, aliases: ['terms'] },
    { key: 'ship_to_label', label: 'Ship-to label', required: false },
    { key: 'ship_to_name', label: 'Ship-to name', required: false },
    { key: 'ship_to_street', label: 'Ship-to street', required: false },
    { key: 'ship_to_city', label: 'Ship-to city', required: false },
    { key: 'ship_to_state', label: 'Ship-to state', required: false },
    { key: 'ship_to_zip_code', label: 'Ship-to ZIP code', required: false, aliases: ['ship to zip'] },
    { key: 'ship_to_country', label: 'Ship-to country', required: false },
    { key: 'ship_to_default', label: 'Ship-to default', required: false, aliases: ['default ship to'] },
  ],
  components: [
    { key: 'name', label: 'Name', required: true, aliases: ['component', 'component name', 'part', 'part name'] },
    { key: 'cost', label: 'Cost', required: true, aliases: ['unit cost'] },
    { key: 'markup', label: 'Markup', required: true, aliases: ['markup %', 'markup percent'] },
    { key: 'stock', label: 'Stock', required: false, aliases: ['on hand', 'quantity on hand', 'qty on hand'] },
  ],
  products: [
    { key: 'description', label: 'Description', required: true, aliases: ['product', 'product description'] },
    { key: 'building_type', label: 'Building type', required: true, aliases: ['type'] },
    { key: 'is_simple', label: 'Simple', required: false, aliases: ['is simple', 'simple product'] },
    { key: 'price', label: 'Price', required: false },
    { key: 'component', label: 'Component', required: false, aliases: ['component name', 'part'] },
    { key: 'quantity', label: 'Quantity', required: false, aliases: ['qty'] },
  ],
};

export const SPREADSHEET_LIMITS = {
  /** An uploaded sheet is at most 10 MB (5,000 rows of a wide sheet are about 1 MB). */
  maxBytes: 10 * 1024 * 1024,
  /** Rows after the header. */
  maxRows: 20_000,
  /** A header row of more columns than this is not a template's. */
  maxColumns: 100,
} as const;

export const SPREADSHEET_MESSAGES = {
  fileTooLarge: `The file is larger than ${SPREADSHEET_LIMITS.maxBytes / 1024 / 1024} MB. Split it into smaller files.`,
  fileType: 'Upload a CSV (.csv) or Excel (.xlsx) file.',
  fileUnreadable: 'The file could not be read as a CSV or Excel (.xlsx) sheet.',
  fileEmpty: 'The file has no header row.',
  noRows: 'The file has a header row but no rows.',
  tooManyRows: `The file has more than ${SPREADSHEET_LIMITS.maxRows.toLocaleString('en-US')} rows. Split it into smaller files.`,
  tooManyColumns: `The file has more than ${SPREADSHEET_LIMITS.maxColumns} columns.`,
  headerUnknown: 'This is not a column of the file.',
  headerTwice: 'This column is already chosen for another field.',
  requiredUnmapped: (label: string) => `Choose the column that holds ${label}.`,
  uploadNotFound: 'This upload is no longer available. Upload the file again.',
  changedMeanwhile: 'Customers or the catalogue changed while the file was imported; nothing was imported. Preview it again.',
  rowUnknown: 'There is no such row in the file.',
  hasErrors: (n: number) =>
    `The file has ${n} ${n === 1 ? 'error' : 'errors'}. Correct ${n === 1 ? 'it' : 'them'} before importing; nothing was imported.`,
  yesNoInvalid: 'Enter yes or no.',
  buildingTypeInvalid: `Enter one of: ${BUILDING_TYPES.map((t) => BUILDING_TYPE_LABELS[t]).join(', ')}.`,
  componentUnknown: (name: string) => `There is no component named "${name}". Import it with the components first.`,
  componentRequired: 'Enter the component of this line.',
  componentWithoutLines: 'A simple product has no component lines.',
  quantityInvalid: 'Quantity must be a whole number, 1 or more.',
  differsFromRow: (row: number) => `This differs from row ${row} of the same record.`,
  duplicateRow: (row: number) => `Row ${row} already has this name.`,
  severalMatches: (what: string) => `Several existing ${what} have this name; rename them before importing.`,
  nothingToUndo: 'There is no import to undo.',
  undoUsed: (what: string) => `The import cannot be undone: ${what}.`,
  undoChanged: (what: string) => `The import cannot be undone: ${what} changed since it was imported.`,
} as const;

const normaliseHeader = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, '');

/**
 * The mapping a header row suggests: each field gets the first header equal to its key, its label
 * or one of its aliases (ignoring case, spaces and punctuation); a header serves one field.
 */
export function suggestSpreadsheetMapping(kind: SpreadsheetKind, headers: readonly string[]): Record<string, string> {
  const mapping: Record<string, string> = {};
  const used = new Set<string>();
  for (const field of SPREADSHEET_FIELDS[kind]) {
    const names = new Set([field.key, field.label, ...(field.aliases ?? [])].map(normaliseHeader));
    const header = headers.find((h) => !used.has(h) && names.has(normaliseHeader(h)));
    if (header !== undefined) {
      mapping[field.key] = header;
      used.add(header);
    }
  }
  return mapping;
}

/** A yes/no cell: true, false, or null when it is neither. A blank cell is no. */
export function readYesNo(cell: string): boolean | null {
  const v = cell.trim().toLowerCase();
  if (['', 'no', 'n', 'false', '0'].includes(v)) return false;
  if (['yes', 'y', 'true', '1', 'x'].includes(v)) return true;
  return null;
}

/** A building type cell: its value (FREEZER_COOLER_UNIT) or its label (Freezer/Cooler Unit), any case. */
export function readBuildingType(cell: string): BuildingType | null {
  const v = normaliseHeader(cell);
  return BUILDING_TYPES.find((t) => normaliseHeader(t) === v || normaliseHeader(BUILDING_TYPE_LABELS[t]) === v) ?? null;
}
