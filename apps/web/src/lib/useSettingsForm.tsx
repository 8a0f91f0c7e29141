import { useEffect, useState, type ReactNode } from 'react';
import { firstFieldError, zodIssuesToFieldErrors, type FieldErrors, type IssueLike } from '@icehouse/domain';
import { Notice } from '../components/Notice';
import { serverFieldErrors } from './errors';
import type { PageNotice } from './useListEditor';

/** The domain schema a settings form checks before saving (a zod schema fits). */
export interface SettingsSchema<Values> {
  safeParse(
    values: Values,
  ): { success: true; data: Values } | { success: false; error: { readonly issues: readonly IssueLike[] } };
}

/** What `useSettingsForm` gives a section (and `SettingsSection` shows). */
export interface SettingsForm<Values> {
  /** The values being edited; null until the server's arrive. */
  values: Values | null;
  setValue: <K extends keyof Values>(key: K, value: Values[K]) => void;
  /** The message to show on a field, from the check before saving or the server's refusal. */
  errorOf: (key: keyof Values & string) => string | undefined;
  save: () => Promise<void>;
  saving: boolean;
  /** The save's outcome as the section shows it (dismissable), or nothing. */
  noticeView: ReactNode;
}

/** Said when the server's values change under unsaved edits, which are kept. */
export const CHANGED_ELSEWHERE =
  'Someone else changed these settings while you were editing. Your changes are kept here; saving them replaces theirs, reloading the page shows theirs.';

/**
 * A settings section's load-edit-save (Company Information's email settings, accountant export
 * accounts): the server's values are edited in place (a new read replaces them until the user edits;
 * after that it is only announced, so nothing typed is lost), checked with the
 * domain's schema before anything is sent (messages on their fields), then saved; the server's
 * answer becomes the values. `texts.saved` or `texts.error` says how it went; a refusal's field
 * messages stand on their fields.
 */
export function useSettingsForm<Values extends object>({
  data,
  schema,
  mutation,
  texts,
}: {
  /** The server's values (the query's data). */
  data: Values | undefined;
  schema: SettingsSchema<Values>;
  mutation: { mutateAsync: (values: Values) => Promise<Values>; isPending: boolean };
  texts: { saved: string; error: string };
}): SettingsForm<Values> {
  const [values, setValues] = useState<Values | null>(null);
  const [errors, setErrors] = useState<FieldErrors | null>(null);
  const [notice, setNotice] = useState<PageNotice | null>(null);
  // The server's values the edits started from (the last read taken, or the last save's answer), and
  // whether anything was edited since.
  const [base, setBase] = useState<Values | null>(null);
  const [edited, setEdited] = useState(false);

  useEffect(() => {
    if (!data) return;
    if (!edited) {
      setValues(data);
      setBase(data);
    } else if (JSON.stringify(data) !== JSON.stringify(base)) {
      setNotice({ tone: 'info', text: CHANGED_ELSEWHERE });
    }
    // Only a new read decides; an edit alone changes nothing here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data]);

  async function save() {
    if (!values) return;
    setNotice(null);
    // Nothing is sent while the schema refuses; its messages replace the last ones.
    const parsed = schema.safeParse(values);
    setErrors(parsed.success ? null : zodIssuesToFieldErrors(parsed.error));
    if (!parsed.success) return;
    try {
      const saved = await mutation.mutateAsync(parsed.data);
      setValues(saved);
      setBase(saved);
      setEdited(false);
      setNotice({ tone: 'success', text: texts.saved });
    } catch (error) {
      const fields = serverFieldErrors(error);
      if (fields) setErrors(fields);
      setNotice({ tone: 'error', text: texts.error });
    }
  }

  return {
    values,
    setValue: (key, value) => {
      setEdited(true);
      setValues((v) => (v ? { ...v, [key]: value } : v));
    },
    errorOf: (key) => firstFieldError(errors, key),
    save,
    saving: mutation.isPending,
    noticeView: notice && (
      <Notice tone={notice.tone} onDismiss={() => setNotice(null)}>
        {notice.text}
      </Notice>
    ),
  };
}
