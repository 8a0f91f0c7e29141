import { useId, useState, type ChangeEvent } from 'react';
import { MESSAGES, MESSAGE_TEMPLATES, validatePdfUpload } from '@icehouse/domain';
import { Button } from '../../../components';
import { useHttpClient } from '../../../lib/httpContext';
import { serverMessage } from '../../../lib/errors';
import { trpc } from '../../../lib/trpc';
import { uploadOrderFile } from '../upload';
import type { FileKind, StoredFile } from '../types';

export interface FileUploaderProps {
  kind: FileKind;
  /** 'Blueprint', 'Door Drawing'. */
  label: string;
  /** The saved order's id; null for a new order (the file is held until the first save). */
  orderId: number | null;
  stored: StoredFile | null;
  held: File | null;
  onStoredChange: (file: StoredFile | null) => void;
  onHeldChange: (file: File | null) => void;
}

function errorText(error: unknown): string {
  if (error instanceof Error && error.message) return serverMessage(error) ?? error.message;
  return 'Unknown error';
}

/**
 * A PDF attached to the order (spec §4): PDF only, at most 50MB. With an order id the file is
 * uploaded at once with its progress; without one it is held and uploaded after the first save.
 * An uploaded file can be viewed in a new tab and removed.
 */
export function FileUploader({
  kind,
  label,
  orderId,
  stored,
  held,
  onStoredChange,
  onHeldChange,
}: FileUploaderProps) {
  const inputId = useId();
  const messageId = useId();
  const httpClient = useHttpClient();
  const utils = trpc.useUtils();
  const removeFile = trpc.orders.removeFile.useMutation();
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function onChoose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = validatePdfUpload(file);
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    if (orderId === null) {
      onHeldChange(file);
      return;
    }
    setProgress(0);
    try {
      const result = await uploadOrderFile({ orderId, kind, file, httpClient, onProgress: setProgress });
      onStoredChange(result);
      void utils.orders.history.invalidate({ id: orderId });
    } catch (failure) {
      console.error(`Uploading the ${label.toLowerCase()} failed`, failure);
      setError(MESSAGE_TEMPLATES.uploadFailed(errorText(failure)));
    } finally {
      setProgress(null);
    }
  }

  async function onRemove() {
    if (orderId === null) return;
    setError(null);
    try {
      await removeFile.mutateAsync({ id: orderId, kind });
      onStoredChange(null);
      void utils.orders.history.invalidate({ id: orderId });
    } catch (failure) {
      console.error(`Removing the ${label.toLowerCase()} failed`, failure);
      setError(MESSAGE_TEMPLATES.removeFileFailed(errorText(failure)));
    }
  }

  const uploading = progress !== null;

  return (
    <div
      role="group"
      aria-label={label}
      className="flex flex-col gap-2 rounded-md border border-dashed border-slate-300 p-3"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="text-sm font-medium text-slate-800">{label} (PDF)</span>
        {!stored && !held && !uploading && (
          <>
            <input
              id={inputId}
              type="file"
              accept="application/pdf,.pdf"
              className="peer sr-only"
              aria-describedby={error ? messageId : undefined}
              onChange={(event) => void onChoose(event)}
            />
            <label
              htmlFor={inputId}
              className="inline-flex cursor-pointer items-center rounded-md bg-white px-2.5 py-1.5 text-sm font-semibold text-slate-800 shadow-sm ring-1 ring-slate-300 ring-inset peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-sky-600 hover:bg-slate-50"
            >
              Upload {label}
            </label>
          </>
        )}
      </div>

      {uploading && (
        <div className="flex items-center gap-2 text-sm text-slate-700">
          <progress
            value={progress}
            max={100}
            aria-label={`Uploading ${label}`}
            className="h-2 flex-1 overflow-hidden rounded"
          />
          <span role="status">Uploading... {progress}%</span>
        </div>
      )}

      {stored && (
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <span className="min-w-0 truncate font-medium text-slate-900" title={stored.filename}>
            {stored.filename}
          </span>
          <a
            href={stored.url}
            target="_blank"
            rel="noopener noreferrer"
            className="font-medium text-sky-700 underline hover:text-sky-900"
          >
            View {label}
          </a>
          <Button
            size="sm"
            variant="secondary"
            busy={removeFile.isPending}
            busyLabel="Removing..."
            onClick={() => void onRemove()}
          >
            Remove {label}
          </Button>
        </div>
      )}

      {held && !stored && (
        <div className="flex flex-col gap-1 text-sm">
          <div className="flex flex-wrap items-center gap-2">
            <span className="min-w-0 truncate font-medium text-slate-900">{held.name}</span>
            <Button size="sm" onClick={() => onHeldChange(null)}>
              Remove {label}
            </Button>
          </div>
          <p role="status" className="text-xs text-sky-800">
            {MESSAGES.uploadOnSave}
          </p>
        </div>
      )}

      {error && (
        <p id={messageId} role="alert" className="text-xs font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
