import {
  get,
  type FieldErrors as FormErrors,
  type FieldValues,
  type Path,
  type UseFormSetError,
} from 'react-hook-form';
import { listFieldErrors, type FieldErrors } from '@icehouse/domain';

/**
 * Server field errors on the editor's fields (design: shown on the matching field, first message).
 * The form is shaped like the PATCH body, so the server's dotted paths are the form's names;
 * `known` says which of them the form has. Returns the messages that found no field.
 */
export function placeServerErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  fieldErrors: FieldErrors | null,
  known: (path: string) => boolean,
): string[] {
  if (!fieldErrors) return [];
  const unplaced: string[] = [];
  for (const { path, messages } of listFieldErrors(fieldErrors)) {
    const message = messages[0];
    if (message === undefined) continue;
    if (known(path)) setError(path as Path<T>, { type: 'server', message });
    else unplaced.push(...messages);
  }
  return unplaced;
}

/** The first message of a field in react-hook-form's errors (a list's own error included). */
export function errorAt<T extends FieldValues>(errors: FormErrors<T>, name: string): string | undefined {
  const error: unknown = get(errors, name);
  if (!error || typeof error !== 'object') return undefined;
  if ('message' in error && typeof error.message === 'string' && error.message) return error.message;
  if ('root' in error) {
    const root: unknown = error.root;
    if (root && typeof root === 'object' && 'message' in root && typeof root.message === 'string') {
      return root.message || undefined;
    }
  }
  return undefined;
}

const ADDRESS_FIELDS = ['name', 'street', 'city', 'state', 'zip_code', 'country'];
const TOP_FIELDS = ['invoice_number', 'date'];
const EDITABLE_FIELDS = [
  'po_job_name',
  'ship_date',
  'ship_via',
  'terms',
  'due_date',
  'tax_exempt',
  'tax_rate',
  'discount',
  'discount_is_percentage',
  'payments_credits',
  'line_items',
];
const LINE_FIELDS = ['quantity', 'description', 'price_each'];

/** Whether the invoice editor has a field at this dotted path. */
export function isInvoiceField(path: string, lineCount: number): boolean {
  if (TOP_FIELDS.includes(path)) return true;
  const [head, key, third, fourth, ...rest] = path.split('.');
  if (head !== 'editable_data' || key === undefined || rest.length > 0) return false;
  if (third === undefined) return EDITABLE_FIELDS.includes(key);
  if (key === 'bill_to' || key === 'ship_to') return fourth === undefined && ADDRESS_FIELDS.includes(third);
  if (key === 'line_items' && fourth !== undefined && /^\d+$/.test(third)) {
    return Number(third) < lineCount && LINE_FIELDS.includes(fourth);
  }
  return false;
}
