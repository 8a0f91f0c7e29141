import { useRef, useState, type KeyboardEvent } from 'react';
import { inputClassName } from '../../components/Field';
import type { RouterOutputs } from '../../lib/trpc';
import { SPREADSHEET_TEXT as T } from './texts';

export type Preview = RouterOutputs['spreadsheets']['preview'];
type PreviewRow = Preview['rows'][number];

/** More rows than a table should draw at once: the rest are counted, and errors are always shown. */
const SHOWN_ROWS = 200;

interface Props {
  preview: Preview;
  fields: { key: string; label: string }[];
  busy: boolean;
  onEdit: (row: number, field: string, value: string) => void;
}

/** A cell with errors: its value in an input (Enter or leaving it saves a change) and its messages under it. */
function ErrorCell({ row, field, label, value, errors, busy, onEdit }: {
  row: number;
  field: string;
  label: string;
  value: string;
  errors: string[];
  busy: boolean;
  onEdit: Props['onEdit'];
}) {
  const [text, setText] = useState(value);
  // Enter saves, and so does leaving the cell: the blur that follows an Enter must not save it twice.
  const sent = useRef(value);
  const id = `cell-${row}-${field}`;
  const save = () => {
    if (text.trim() === sent.current) return;
    sent.current = text.trim();
    onEdit(row, field, text);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      save();
    }
  };
  return (
    <div className="flex min-w-32 flex-col gap-1">
      <input
        id={id}
        aria-label={T.cellLabel(row, label)}
        aria-invalid
        aria-describedby={`${id}-error`}
        className={inputClassName(true, 'h-8 text-sm')}
        value={text}
        disabled={busy}
        onChange={(e) => setText(e.target.value)}
        onBlur={save}
        onKeyDown={onKeyDown}
      />
      <p id={`${id}-error`} className="text-xs font-medium text-red-700">
        {errors.join(' ')}
      </p>
    </div>
  );
}

/** The preview: one line per row of the file, each error on its cell. */
export function PreviewTable({ preview, fields, busy, onEdit }: Props) {
  const [onlyErrors, setOnlyErrors] = useState(false);
  const withErrors = (r: PreviewRow) => Object.keys(r.errors).length > 0;
  const candidates = onlyErrors ? preview.rows.filter(withErrors) : preview.rows;
  const shown = candidates.filter((r, i) => i < SHOWN_ROWS || withErrors(r));
  const columns = fields.filter((f) => preview.rows.some((r) => f.key in r.values));

  return (
    <div className="flex flex-col gap-2">
      <label className="flex items-center gap-2 text-sm text-slate-700">
        <input type="checkbox" checked={onlyErrors} onChange={(e) => setOnlyErrors(e.target.checked)} />
        {T.onlyErrors}
      </label>
      {shown.length < candidates.length && <p className="text-xs text-slate-600">{T.showing(shown.length, candidates.length)}</p>}
      <div className="overflow-x-auto rounded border border-slate-200">
        <table className="min-w-full text-sm" aria-label={T.rows}>
          <thead className="bg-slate-50 text-left text-xs font-semibold uppercase text-slate-600">
            <tr>
              <th scope="col" className="px-2 py-2 text-right">
                {T.row}
              </th>
              {columns.map((f) => (
                <th key={f.key} scope="col" className="px-2 py-2">
                  {f.label}
                </th>
              ))}
              <th scope="col" className="px-2 py-2">
                {T.action}
              </th>
            </tr>
          </thead>
          <tbody>
            {shown.map((r) => (
              <tr key={r.row} className={withErrors(r) ? 'bg-red-50' : 'border-t border-slate-100'}>
                <th scope="row" className="px-2 py-1 text-right font-normal tabular-nums text-slate-600">
                  {r.row}
                </th>
                {columns.map((f) => {
                  const errors = r.errors[f.key];
                  const value = r.values[f.key] ?? '';
                  return (
                    <td key={f.key} className="px-2 py-1 align-top">
                      {errors ? (
                        <ErrorCell
                          key={value}
                          row={r.row}
                          field={f.key}
                          label={f.label}
                          value={value}
                          errors={errors}
                          busy={busy}
                          onEdit={onEdit}
                        />
                      ) : (
                        value
                      )}
                    </td>
                  );
                })}
                <td className="px-2 py-1 text-slate-600">{r.action === 'create' ? T.create : r.action === 'update' ? T.update : ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
