import { useId, type ReactNode } from 'react';
import type { SettingsForm } from '../lib/useSettingsForm';
import { Button } from './Button';

export interface SettingsSectionTexts {
  title: string;
  intro: ReactNode;
  /** Said until the server's values arrive. */
  loading: string;
  /** The save button, and what it says while saving. */
  save: string;
  saving: string;
}

export interface SettingsSectionProps<Values> {
  texts: SettingsSectionTexts;
  form: SettingsForm<Values>;
  /** False: read-only, no save button. */
  canSave?: boolean;
  /** The fields, over the loaded values. */
  children: (values: Values) => ReactNode;
}

/**
 * A settings card of a page (Company Information's email settings and accountant export accounts):
 * title, intro, the save's notice, the fields once loaded and the save button, over a
 * `useSettingsForm`.
 */
export function SettingsSection<Values>({
  texts,
  form,
  canSave = true,
  children,
}: SettingsSectionProps<Values>) {
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h2 id={titleId} className="text-base font-semibold text-slate-900">
        {texts.title}
      </h2>
      <p className="text-sm text-slate-600">{texts.intro}</p>
      {form.noticeView}
      {!form.values ? (
        <p className="text-sm text-slate-600">{texts.loading}</p>
      ) : (
        <>
          {children(form.values)}
          {canSave && (
            <div>
              <Button
                variant="primary"
                busy={form.saving}
                busyLabel={texts.saving}
                onClick={() => void form.save()}
              >
                {texts.save}
              </Button>
            </div>
          )}
        </>
      )}
    </section>
  );
}
