import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  MESSAGES,
  ROLES,
  ROLE_DESCRIPTIONS,
  ROLE_LABELS,
  createUserSchema,
  firstFieldError,
  updateUserSchema,
  zodIssuesToFieldErrors,
  type FieldErrors,
} from '@icehouse/domain';
import { Button } from '../../components/Button';
import { Checkbox } from '../../components/Checkbox';
import { Field, TextInput, inputClassName } from '../../components/Field';
import { saveErrorMessage, serverFieldErrors } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { EMPTY_USER_FORM, roleOfForm, userToFormValues, type UserFormValues, type UserRow } from './types';

export interface UserFormProps {
  /** The user being edited, or null to create one. The page remounts the form when this changes. */
  editing: UserRow | null;
  /** A save went through: 'created' or 'updated'. */
  onSaved: (outcome: 'created' | 'updated', user: UserRow) => void;
  /** A save failed, with the text to show (the server's error, else 'Error creating user'...). */
  onError: (message: string) => void;
  /** Leave edit mode without saving. */
  onCancel: () => void;
}

/**
 * Create or edit a user (invoices spec §4, §5). Username required; password required only when
 * creating (at least 8 characters); on edit a blank password keeps the current one; email optional
 * but email-shaped. The rules come from the domain's schemas, and the server's field errors are
 * shown on the matching field (first message). Nothing typed is lost on an error.
 */
export function UserForm({ editing, onSaved, onError, onCancel }: UserFormProps) {
  const [values, setValues] = useState<UserFormValues>(() =>
    editing ? userToFormValues(editing) : EMPTY_USER_FORM,
  );
  const [fieldErrors, setFieldErrors] = useState<FieldErrors | null>(null);
  const create = trpc.users.create.useMutation();
  const update = trpc.users.update.useMutation();
  const saving = create.isPending || update.isPending;
  const usernameRef = useRef<HTMLInputElement>(null);

  // Edit mode starts from a row further down (or below, on narrow screens): bring the form to the user.
  useEffect(() => {
    if (editing) usernameRef.current?.focus();
  }, [editing]);

  function set<K extends keyof UserFormValues>(key: K, value: UserFormValues[K]) {
    setValues((current) => ({ ...current, [key]: value }));
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    const parsed = (editing ? updateUserSchema : createUserSchema).safeParse({ ...values, role: roleOfForm(values) });
    if (!parsed.success) {
      setFieldErrors(zodIssuesToFieldErrors(parsed.error));
      return;
    }
    setFieldErrors(null);
    const data = { ...parsed.data, password: values.password };
    try {
      if (editing) {
        const user = await update.mutateAsync({ id: editing.id, data });
        onSaved('updated', user);
      } else {
        const user = await create.mutateAsync(data);
        onSaved('created', user);
      }
    } catch (error) {
      setFieldErrors(serverFieldErrors(error));
      onError(saveErrorMessage(error, editing ? MESSAGES.updateUserError : MESSAGES.createUserError));
    }
  }

  const error = (field: keyof UserFormValues) => firstFieldError(fieldErrors, field);
  const title = editing ? 'Edit User' : 'Add New User';

  return (
    <form
      noValidate
      aria-label={title}
      onSubmit={(event) => void handleSubmit(event)}
      className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      <Field label="Username" error={error('username')} required>
        {(control) => (
          <TextInput
            {...control}
            ref={usernameRef}
            name="username"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            value={values.username}
            onChange={(event) => set('username', event.target.value)}
          />
        )}
      </Field>
      <Field label="Email" error={error('email')}>
        {(control) => (
          <TextInput
            {...control}
            name="email"
            type="email"
            autoComplete="off"
            value={values.email}
            onChange={(event) => set('email', event.target.value)}
          />
        )}
      </Field>
      <Field
        label="Password"
        error={error('password')}
        required={!editing}
        hint={editing ? `${MESSAGES.passwordHint}. ${MESSAGES.passwordKeepHint}.` : MESSAGES.passwordHint}
      >
        {(control) => (
          <TextInput
            {...control}
            name="password"
            type="password"
            autoComplete="new-password"
            value={values.password}
            onChange={(event) => set('password', event.target.value)}
          />
        )}
      </Field>
      <Field label="Role" error={error('role')} hint={ROLE_DESCRIPTIONS[roleOfForm(values)]}>
        {(control) => (
          <select
            {...control}
            name="role"
            className={inputClassName(Boolean(error('role')))}
            value={roleOfForm(values)}
            disabled={values.is_admin}
            onChange={(event) => set('role', event.target.value as UserFormValues['role'])}
          >
            {ROLES.filter((role) => role !== 'admin' || values.is_admin).map((role) => (
              <option key={role} value={role}>
                {ROLE_LABELS[role]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <div className="flex flex-wrap gap-x-6 gap-y-3">
        <Checkbox
          label="Admin"
          name="is_admin"
          checked={values.is_admin}
          error={error('is_admin')}
          onChange={(checked) => set('is_admin', checked)}
        />
        <Checkbox
          label="Active"
          name="is_active"
          checked={values.is_active}
          error={error('is_active')}
          onChange={(checked) => set('is_active', checked)}
        />
      </div>
      <div className="flex flex-wrap justify-end gap-2 border-t border-slate-100 pt-4">
        {editing && (
          <Button onClick={onCancel} disabled={saving}>
            Cancel
          </Button>
        )}
        <Button type="submit" variant="primary" busy={saving} busyLabel="Saving...">
          {editing ? 'Update User' : 'Create User'}
        </Button>
      </div>
    </form>
  );
}
