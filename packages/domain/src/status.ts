import { ORDER_STATUSES, ORDER_STATUS_LABELS, type OrderStatus } from './constants';
import { MESSAGES, MESSAGE_TEMPLATES } from './messages';

/** The order status pipeline (orders spec §4). Status values and labels live in constants.ts. */

export const DEFAULT_ORDER_STATUS: OrderStatus = 'pending';

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === 'string' && (ORDER_STATUSES as readonly string[]).includes(value);
}

export interface BadgeColor {
  /** Tailwind colour name. */
  color: 'amber' | 'blue' | 'green' | 'emerald' | 'red' | 'gray';
  className: string;
}

export const STATUS_BADGE_COLORS: Record<OrderStatus, BadgeColor> = {
  pending: { color: 'amber', className: 'bg-amber-100 text-amber-800' },
  processed: { color: 'blue', className: 'bg-blue-100 text-blue-800' },
  scheduled_to_ship: { color: 'green', className: 'bg-green-100 text-green-800' },
  completed: { color: 'emerald', className: 'bg-emerald-100 text-emerald-800' },
  voided: { color: 'red', className: 'bg-red-100 text-red-800' },
};

export const OTHER_STATUS_BADGE: BadgeColor = { color: 'gray', className: 'bg-gray-100 text-gray-800' };

/** Badge colour of any status value, grey for statuses we do not know. */
export function statusBadge(value: string | null | undefined): BadgeColor {
  return isOrderStatus(value) ? STATUS_BADGE_COLORS[value] : OTHER_STATUS_BADGE;
}

/** "scheduled_to_ship" -> "Scheduled to Ship"; unknown values title-cased ("on_hold" -> "On Hold"). */
export function statusLabel(value: string | null | undefined): string {
  if (!value) return '';
  if (isOrderStatus(value)) return ORDER_STATUS_LABELS[value];
  return value
    .split(/[_\s-]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase())
    .join(' ');
}

export type RequirementKey = 'eps_po_number' | 'ship_date' | 'ship_via' | 'has_invoice';

export const REQUIREMENT_LABELS: Record<RequirementKey, string> = {
  eps_po_number: 'EPS PO Number',
  ship_date: 'Ship Date',
  ship_via: 'Ship Via',
  has_invoice: 'Invoice',
};

/** The form's message for each unmet requirement, placed on the field of the same name. */
export const REQUIREMENT_MESSAGES: Record<RequirementKey, string> = {
  eps_po_number: MESSAGES.epsPoNumberRequired,
  ship_date: MESSAGES.shipDateRequired,
  ship_via: MESSAGES.shippingMethodRequired,
  has_invoice: MESSAGES.invoiceRequired,
};

/**
 * Fields a status needs. Voided needs none: §4's table says so, and it wins over §5's "any status
 * other than pending needs an EPS PO number" so a pending order can always be voided.
 */
export const STATUS_REQUIREMENTS: Record<OrderStatus, readonly RequirementKey[]> = {
  pending: [],
  processed: ['eps_po_number'],
  scheduled_to_ship: ['eps_po_number', 'ship_date', 'ship_via'],
  completed: ['eps_po_number', 'ship_date', 'ship_via', 'has_invoice'],
  voided: [],
};

export function requirementsFor(status: string | null | undefined): readonly RequirementKey[] {
  return isOrderStatus(status) ? STATUS_REQUIREMENTS[status] : [];
}

/** True when the field is marked required at this status (e.g. Ship Via at scheduled_to_ship). */
export function isRequiredAtStatus(field: RequirementKey, status: string | null | undefined): boolean {
  return requirementsFor(status).includes(field);
}

/** The order fields the requirements look at. ship_via may be an id, a label or a {value, label} option. */
export interface StatusRequirementFields {
  eps_po_number?: string | null;
  ship_date?: string | null;
  ship_via?: unknown;
  has_invoice?: boolean | null;
}

/** Blank strings, null, undefined, false and options without a value are all missing. */
function isPresent(value: unknown): boolean {
  if (value === null || value === undefined || value === false) return false;
  if (typeof value === 'string') return value.trim() !== '';
  if (typeof value === 'object' && 'value' in value) return isPresent((value as { value: unknown }).value);
  return true;
}

export function unmetRequirements(order: StatusRequirementFields, targetStatus: string): RequirementKey[] {
  return requirementsFor(targetStatus).filter((key) => !isPresent(order[key]));
}

/** Human labels of what the order lacks for the target status: 'EPS PO Number', 'Ship Date', 'Ship Via', 'Invoice'. */
export function missingRequirements(order: StatusRequirementFields, targetStatus: string): string[] {
  return unmetRequirements(order, targetStatus).map((key) => REQUIREMENT_LABELS[key]);
}

const PIPELINE: Partial<Record<OrderStatus, OrderStatus>> = {
  pending: 'processed',
  processed: 'scheduled_to_ship',
  scheduled_to_ship: 'completed',
};

/** The status an order advances to; null for completed, voided and unknown statuses. */
export function nextStatus(status: string | null | undefined): OrderStatus | null {
  return isOrderStatus(status) ? (PIPELINE[status] ?? null) : null;
}

export function isTerminalStatus(status: string | null | undefined): boolean {
  return status === 'completed' || status === 'voided';
}

/** A next status exists and the order meets its requirements. */
export function canChangeStatus(
  order: StatusRequirementFields & { status: string | null | undefined },
): boolean {
  const next = nextStatus(order.status);
  return next !== null && unmetRequirements(order, next).length === 0;
}

export function canVoid(status: string | null | undefined): boolean {
  return status === 'pending';
}

export function canUnvoid(status: string | null | undefined): boolean {
  return status === 'voided';
}

/** The status an unvoided order returns to. */
export const UNVOID_STATUS: OrderStatus = 'pending';

/** 'Move to Processed' */
export function advanceButtonLabel(next: string): string {
  return MESSAGE_TEMPLATES.moveTo(statusLabel(next));
}

/** Hover text of the disabled 'Cannot Progress' button. */
export function cannotProgressReason(missing: readonly string[] | null | undefined): string {
  return missing && missing.length > 0
    ? MESSAGE_TEMPLATES.missingRequirements(missing)
    : MESSAGES.cannotChangeStatus;
}

/**
 * Why a status option is disabled in the form's status selector, or null when it can be chosen:
 * Completed needs an invoice.
 */
export function statusOptionDisabledReason(
  status: string,
  order: { has_invoice?: boolean | null },
): string | null {
  return status === 'completed' && !order.has_invoice ? MESSAGES.missingInvoiceDocument : null;
}
