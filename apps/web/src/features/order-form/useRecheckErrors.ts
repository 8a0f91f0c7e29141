import { useEffect } from 'react';
import type { FieldErrors, FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';

/**
 * The paths of the errors a form shows that its own rules gave. Errors the server gave (type
 * 'server': a taken door number, a stale save) are left out: only another save can settle those.
 */
export function clientErrorPaths(errors: FieldErrors, prefix = ''): string[] {
  const paths: string[] = [];
  for (const [key, node] of Object.entries(errors)) {
    if (key === 'ref' || key === 'types' || node === null || typeof node !== 'object') continue;
    const path = prefix === '' ? key : `${prefix}.${key}`;
    const { type, message } = node as { type?: unknown; message?: unknown };
    if (typeof type === 'string' && typeof message === 'string') {
      if (type !== 'server') paths.push(path);
    } else {
      paths.push(...clientErrorPaths(node as FieldErrors, path));
    }
  }
  return paths;
}

/**
 * After a failed save, react-hook-form re-checks only the field that changed. The schema's
 * cross-field rules put an error on one field that another can satisfy (a custom size answers
 * "size required", a custom item name "item required", a fixed discount "percent over 100", a
 * status its requirements), so on every change the fields that show an error are checked again
 * too, and each error goes as soon as its rule holds. New errors still appear only on the field
 * that changed, or at the next save.
 */
export function useRecheckErrorsOnChange<T extends FieldValues, C, D>(form: UseFormReturn<T, C, D>): void {
  useEffect(() => {
    const subscription = form.watch((_values, { name }) => {
      if (name === undefined || !form.formState.isSubmitted) return;
      const shown = clientErrorPaths(form.formState.errors).filter((path) => path !== name);
      if (shown.length > 0) void form.trigger(shown as FieldPath<T>[]);
    });
    return () => subscription.unsubscribe();
  }, [form]);
}
