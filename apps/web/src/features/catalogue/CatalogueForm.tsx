import { useEffect, type FormEvent, type ReactNode } from 'react';
import {
  Controller,
  useForm,
  type Control,
  type DefaultValues,
  type FieldValues,
  type Path,
  type Resolver,
} from 'react-hook-form';
import type { FieldErrors } from '@icehouse/domain';
import { Button } from '../../components/Button';
import { Field } from '../../components/Field';
import { MoneyInput } from '../../components/MoneyInput';
import { cn } from '../../lib/cn';
import { serverFieldErrors } from '../../lib/errors';
import { showServerFieldErrors } from './formErrors';
import { Select, type SelectOption } from './Select';

/**
 * What the catalogue's add/edit forms (settings, components, products) share: one form that adds,
 * or edits the row the page hands it (the page remounts it to switch), saves through create or
 * update, and shows the server's field errors on the matching fields.
 */

export type SaveOutcome = 'created' | 'updated';

export interface CatalogueFormOptions<TValues extends FieldValues, TData, TRow> {
  resolver: Resolver<TValues, unknown, TData>;
  defaultValues: DefaultValues<TValues>;
  /** The row being edited, or null to add one. */
  editing: { id: number } | null;
  /** The field an edit starts in (edit starts from a table row: bring the user to the form). */
  focus: Path<TValues>;
  create: (data: TData) => Promise<TRow>;
  update: (id: number, data: TData) => Promise<TRow>;
  /** The form's field for a server error path, or null when the form has none. */
  fieldName: (path: string) => string | null;
  /** The page's message for a failed save. */
  failureMessage: (error: unknown, fieldErrors: FieldErrors | null) => string;
  onSaved: (outcome: SaveOutcome, row: TRow) => void;
  onError: (message: string) => void;
}

/** react-hook-form with the catalogue's save: returns the form and its submit handler. */
export function useCatalogueForm<TValues extends FieldValues, TData, TRow>(
  options: CatalogueFormOptions<TValues, TData, TRow>,
) {
  const { editing, focus, create, update, fieldName, failureMessage, onSaved, onError } = options;
  const form = useForm<TValues, unknown, TData>({
    resolver: options.resolver,
    defaultValues: options.defaultValues,
  });
  const { handleSubmit, setError, setFocus } = form;

  useEffect(() => {
    if (editing) setFocus(focus);
  }, [editing, focus, setFocus]);

  const onSubmit = handleSubmit(async (data) => {
    try {
      if (editing) onSaved('updated', await update(editing.id, data));
      else onSaved('created', await create(data));
    } catch (error) {
      const fieldErrors = serverFieldErrors(error);
      showServerFieldErrors(setError, fieldErrors, fieldName);
      onError(failureMessage(error, fieldErrors));
    }
  });

  return { form, onSubmit };
}

export interface CatalogueFormTexts {
  addTitle: string;
  editTitle: string;
  addButton: string;
  updateButton: string;
}

/** The form's card: its title, the fields, and Cancel (when editing) and Add/Update at the bottom. */
export function CatalogueFormFrame({
  texts,
  editing,
  onSubmit,
  isSubmitting,
  onCancel,
  sticky = true,
  children,
}: {
  texts: CatalogueFormTexts;
  editing: boolean;
  onSubmit: (event: FormEvent) => Promise<void>;
  isSubmitting: boolean;
  onCancel: () => void;
  /** Stays in view beside a long table on wide screens. */
  sticky?: boolean;
  children: ReactNode;
}) {
  const title = editing ? texts.editTitle : texts.addTitle;
  return (
    <form
      noValidate
      aria-label={title}
      onSubmit={(event) => void onSubmit(event)}
      className={cn(
        'flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6',
        sticky && 'lg:sticky lg:top-4',
      )}
    >
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      {children}
      <div className="flex flex-wrap justify-end gap-2 border-t border-slate-100 pt-4">
        {editing && (
          <Button onClick={onCancel} disabled={isSubmitting}>
            Cancel
          </Button>
        )}
        <Button type="submit" variant="primary" busy={isSubmitting} busyLabel="Saving...">
          {editing ? texts.updateButton : texts.addButton}
        </Button>
      </div>
    </form>
  );
}

interface ControlledFieldProps<T extends FieldValues, TOut> {
  /** The form's control (its resolver's output type, TOut, does not matter here). */
  control: Control<T, unknown, TOut>;
  name: Path<T>;
  label: string;
  error: string | undefined;
}

/** A required money field (two decimals once left). */
export function MoneyField<T extends FieldValues, TOut>({
  control,
  name,
  label,
  error,
}: ControlledFieldProps<T, TOut>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Field label={label} required error={error}>
          {(controlProps) => (
            <MoneyInput
              {...controlProps}
              ref={field.ref}
              name={field.name}
              value={field.value as string}
              onChange={field.onChange}
              onBlur={field.onBlur}
            />
          )}
        </Field>
      )}
    />
  );
}

/** A required choice held as a string ('' for none). */
export function ChoiceField<T extends FieldValues, TOut>({
  control,
  name,
  label,
  error,
  options,
  isLoading,
}: ControlledFieldProps<T, TOut> & { options: ReadonlyArray<SelectOption<string>>; isLoading?: boolean }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Field label={label} required error={error}>
          {(controlProps) => (
            <Select
              {...controlProps}
              ref={field.ref}
              name={field.name}
              options={options}
              isLoading={isLoading}
              value={field.value === '' ? null : (field.value as string)}
              onChange={(value) => field.onChange(value ?? '')}
              onBlur={field.onBlur}
            />
          )}
        </Field>
      )}
    />
  );
}
