import {
  get,
  type FieldErrors as FormErrors,
  type FieldValues,
  type Path,
  type UseFormSetError,
} from 'react-hook-form';
import { listFieldErrors, type FieldErrors } from '@icehouse/domain';

/**
 * Puts a server validation failure on the form (design: server field errors are shown on the
 * matching field, first message). `fieldName` maps the server's dotted path ('name',
 * 'components.1.component') to the form's field name, or null when the form has no such field.
 * Returns how many fields got a message.
 */
export function showServerFieldErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  fieldErrors: FieldErrors | null,
  fieldName: (path: string) => string | null,
): number {
  if (!fieldErrors) return 0;
  let placed = 0;
  for (const { path, messages } of listFieldErrors(fieldErrors)) {
    const name = fieldName(path);
    const message = messages[0];
    if (name === null || message === undefined) continue;
    setError(name as Path<T>, { type: 'server', message });
    placed += 1;
  }
  return placed;
}

/** The first message of a field in react-hook-form's errors ('components.0.quantity' included). */
export function formError<T extends FieldValues>(errors: FormErrors<T>, name: string): string | undefined {
  const error: unknown = get(errors, name);
  if (error && typeof error === 'object' && 'message' in error && typeof error.message === 'string') {
    return error.message || undefined;
  }
  return undefined;
}

/** Form fields whose server errors arrive under the same name. */
export const sameName =
  (names: readonly string[]) =>
  (path: string): string | null =>
    names.includes(path) ? path : null;
