import { useRef, useState } from 'react';
import { SPREADSHEET_KIND_LABELS, SPREADSHEET_KINDS, type SpreadsheetKind } from '@icehouse/domain';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Field, inputClassName } from '../../components/Field';
import { Notice } from '../../components/Notice';
import { PageHeader } from '../../components/PageHeader';
import { serverFieldErrors, serverMessage } from '../../lib/errors';
import { useHttpClient } from '../../lib/httpContext';
import { trpc } from '../../lib/trpc';
import { PreviewTable, type Preview } from './PreviewTable';
import { SPREADSHEET_TEXT as T } from './texts';
import { templateUrl, uploadSheet, type UploadAnswer } from './upload';

type Message = { tone: 'success' | 'error'; text: string } | null;

const formatWhen = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'short', timeStyle: 'short' });

/**
 * Admins: a sheet of customers, components or products is uploaded, its columns mapped (the last
 * import's mapping comes back by itself), previewed with each error on its cell, corrected (a cell
 * here, or a corrected file uploaded again), imported in one go; the last import can be undone.
 */
export function SpreadsheetImportPage() {
  const http = useHttpClient();
  const utils = trpc.useUtils();
  const batches = trpc.spreadsheets.batches.useQuery(undefined, { staleTime: 0 });
  const previewCall = trpc.spreadsheets.preview.useMutation();
  const editCall = trpc.spreadsheets.editCell.useMutation();
  const importCall = trpc.spreadsheets.import.useMutation();
  const undoCall = trpc.spreadsheets.undo.useMutation();

  const [kind, setKind] = useState<SpreadsheetKind>('customers');
  const [upload, setUpload] = useState<UploadAnswer | null>(null);
  const [mapping, setMapping] = useState<Record<string, string>>({});
  const [mappingErrors, setMappingErrors] = useState<Record<string, string>>({});
  const [preview, setPreview] = useState<Preview | null>(null);
  const [uploading, setUploading] = useState(false);
  const [message, setMessage] = useState<Message>(null);
  const [confirmUndo, setConfirmUndo] = useState(false);
  const fileRef = useRef<HTMLInputElement>(null);

  const fail = (error: unknown) => setMessage({ tone: 'error', text: serverMessage(error) ?? T.failed });

  async function onUpload() {
    const file = fileRef.current?.files?.[0];
    if (!file) return;
    setUploading(true);
    setMessage(null);
    setPreview(null);
    try {
      const answer = await uploadSheet(http, kind, file);
      setUpload(answer);
      setMapping(answer.mapping);
      setMappingErrors({});
      await runPreview(answer, answer.mapping);
    } catch (error) {
      setUpload(null);
      setMessage({ tone: 'error', text: error instanceof Error ? error.message : T.failed });
    } finally {
      setUploading(false);
    }
  }

  async function runPreview(current: UploadAnswer, chosen: Record<string, string>) {
    try {
      setPreview(await previewCall.mutateAsync({ id: current.id, mapping: chosen }));
      setMappingErrors({});
    } catch (error) {
      setPreview(null);
      const fields = serverFieldErrors(error)?.mapping;
      if (fields && typeof fields === 'object' && !Array.isArray(fields)) {
        setMappingErrors(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, Array.isArray(v) ? String(v[0]) : ''])));
      } else fail(error);
    }
  }

  async function onEdit(row: number, field: string, value: string) {
    if (!upload) return;
    try {
      setPreview(await editCall.mutateAsync({ id: upload.id, mapping, row, field, value }));
    } catch (error) {
      fail(error);
    }
  }

  async function onImport() {
    if (!upload) return;
    setMessage(null);
    try {
      const batch = await importCall.mutateAsync({ id: upload.id, mapping });
      setMessage({ tone: 'success', text: T.imported(batch.created_count, batch.updated_count) });
      setUpload(null);
      setPreview(null);
      if (fileRef.current) fileRef.current.value = '';
    } catch (error) {
      fail(error);
    } finally {
      await utils.spreadsheets.batches.invalidate();
    }
  }

  async function onUndo() {
    setMessage(null);
    try {
      await undoCall.mutateAsync();
      setMessage({ tone: 'success', text: T.undoDone });
    } catch (error) {
      fail(error);
    } finally {
      setConfirmUndo(false);
      await utils.spreadsheets.batches.invalidate();
    }
  }

  const busy = previewCall.isPending || editCall.isPending || importCall.isPending;
  const recent = batches.data?.results ?? [];
  const canUndo = recent.some((b) => b.undone_at === null);

  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={T.title} description={T.intro} />
      {message && (
        <Notice tone={message.tone} onDismiss={() => setMessage(null)}>
          {message.text}
        </Notice>
      )}

      <section className="flex flex-wrap items-end gap-4">
        <Field label={T.kind}>
          {(control) => (
            <select
              {...control}
              className={inputClassName(false)}
              value={kind}
              onChange={(e) => {
                setKind(e.target.value as SpreadsheetKind);
                setUpload(null);
                setPreview(null);
              }}
            >
              {SPREADSHEET_KINDS.map((k) => (
                <option key={k} value={k}>
                  {SPREADSHEET_KIND_LABELS[k]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={T.file} hint={T.fileHint}>
          {(control) => <input {...control} ref={fileRef} type="file" accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" className="text-sm" />}
        </Field>
        <Button onClick={() => void onUpload()} busy={uploading} busyLabel={T.uploading}>
          {T.upload}
        </Button>
        <div className="flex items-center gap-3 text-sm">
          <span className="text-slate-600">{T.templates}:</span>
          <a className="text-blue-700 underline" href={templateUrl(kind, 'csv')} download>
            {T.csvTemplate}
          </a>
          <a className="text-blue-700 underline" href={templateUrl(kind, 'xlsx')} download>
            {T.xlsxTemplate}
          </a>
        </div>
      </section>

      {upload && (
        <section className="flex flex-col gap-3" aria-labelledby="mapping-title">
          <h2 id="mapping-title" className="text-lg font-semibold text-slate-900">
            {T.mapping}: {upload.filename}
          </h2>
          <p className="text-sm text-slate-600">
            {T.mappingIntro} {upload.mapping_remembered && T.mappingRemembered}
          </p>
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
            {upload.fields.map((f) => (
              <Field key={f.key} label={f.label} required={f.required} error={mappingErrors[f.key]}>
                {(control) => (
                  <select
                    {...control}
                    className={inputClassName(Boolean(mappingErrors[f.key]))}
                    value={mapping[f.key] ?? ''}
                    onChange={(e) => {
                      const { [f.key]: _old, ...rest } = mapping;
                      setMapping(e.target.value === '' ? rest : { ...rest, [f.key]: e.target.value });
                      setPreview(null);
                    }}
                  >
                    <option value="">{T.notImported}</option>
                    {upload.headers.map((h) => (
                      <option key={h} value={h}>
                        {h}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
            ))}
          </div>
          <div>
            <Button variant="secondary" onClick={() => void runPreview(upload, mapping)} busy={previewCall.isPending} busyLabel={T.previewing}>
              {T.preview}
            </Button>
          </div>
        </section>
      )}

      {upload && preview && (
        <section className="flex flex-col gap-3" aria-labelledby="preview-title">
          <h2 id="preview-title" className="text-lg font-semibold text-slate-900">
            {T.preview}
          </h2>
          <p className="text-sm text-slate-700">{T.summary(preview.row_count, preview.create_count, preview.update_count)}</p>
          <p role="status" className={preview.error_count > 0 ? 'text-sm font-medium text-red-700' : 'text-sm font-medium text-emerald-700'}>
            {preview.error_count > 0 ? T.errorSummary(preview.error_count, preview.rows_with_errors) : T.noErrors}
            {preview.edits.length > 0 && ` ${T.corrected(preview.edits.length)}`}
          </p>
          <PreviewTable preview={preview} fields={upload.fields} busy={busy} onEdit={(r, f, v) => void onEdit(r, f, v)} />
          <div>
            <Button disabled={preview.error_count > 0} onClick={() => void onImport()} busy={importCall.isPending} busyLabel={T.importing}>
              {T.import}
            </Button>
          </div>
        </section>
      )}

      <section className="flex flex-col gap-3" aria-labelledby="recent-title">
        <div className="flex items-center justify-between">
          <h2 id="recent-title" className="text-lg font-semibold text-slate-900">
            {T.recent}
          </h2>
          <Button variant="danger" size="sm" disabled={!canUndo} onClick={() => setConfirmUndo(true)}>
            {T.undo}
          </Button>
        </div>
        {recent.length === 0 ? (
          <p className="text-sm text-slate-600">{T.noImports}</p>
        ) : (
          <table className="min-w-full text-sm" aria-labelledby="recent-title">
            <thead className="text-left text-xs font-semibold uppercase text-slate-600">
              <tr>
                <th className="py-1">{T.when}</th>
                <th>{T.kind}</th>
                <th>{T.file_}</th>
                <th>{T.by}</th>
                <th>{T.result}</th>
              </tr>
            </thead>
            <tbody>
              {recent.map((b) => (
                <tr key={b.id} className="border-t border-slate-100">
                  <td className="py-1 tabular-nums">{formatWhen(b.created_at)}</td>
                  <td>{SPREADSHEET_KIND_LABELS[b.kind]}</td>
                  <td>{b.filename}</td>
                  <td>{b.created_by ?? ''}</td>
                  <td>
                    {T.imported(b.created_count, b.updated_count)}
                    {b.undone_at && ` ${T.undone} ${formatWhen(b.undone_at)}.`}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>

      <ConfirmDialog
        open={confirmUndo}
        title={T.undoTitle}
        confirmLabel={T.undo}
        confirmVariant="danger"
        busy={undoCall.isPending}
        busyLabel={T.undoing}
        onConfirm={() => void onUndo()}
        onCancel={() => setConfirmUndo(false)}
      >
        {T.undoBody}
      </ConfirmDialog>
    </div>
  );
}
