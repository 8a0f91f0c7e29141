import { CSRF_HEADER, type HttpClient } from '../../lib/http';
import type { FileKind, StoredFile } from './types';

/**
 * Blueprint and door drawing uploads (spec §7): multipart POST with one file field, sent with
 * XMLHttpRequest so the form can show the upload's progress. The CSRF token comes from the shared
 * HTTP client (the same token its fetch sends); a 403 is retried once with a fresh token.
 */

const UPLOAD: Record<FileKind, { path: (id: number) => string; field: string }> = {
  blueprint: { path: (id) => `/api/orders/${id}/blueprint/`, field: 'blueprint' },
  door_placement: {
    path: (id) => `/api/orders/${id}/door-placement-drawing/`,
    field: 'door_placement_drawing',
  },
};

/** Where a stored file is viewed (a new tab). */
export function serveUrl(orderId: number, kind: FileKind): string {
  return kind === 'blueprint'
    ? `/api/orders/${orderId}/serve-blueprint/`
    : `/api/orders/${orderId}/serve-door-placement/`;
}

/** The file an order answer (or an upload answer) holds, or null. */
export function storedFileOf(source: Record<string, unknown>, kind: FileKind): StoredFile | null {
  const [urlKey, nameKey] =
    kind === 'blueprint'
      ? ['blueprint', 'blueprint_filename']
      : ['door_placement_drawing', 'door_placement_filename'];
  const url = source[urlKey];
  if (typeof url !== 'string' || url === '') return null;
  const name = source[nameKey];
  return { url, filename: typeof name === 'string' && name !== '' ? name : 'file.pdf' };
}

/** The message of a failed upload: the server's detail, a field's first message, or the status. */
function failureMessage(status: number, text: string): string {
  try {
    const body: unknown = JSON.parse(text);
    if (body && typeof body === 'object') {
      for (const value of Object.values(body as Record<string, unknown>)) {
        if (typeof value === 'string' && value !== '') return value;
        if (Array.isArray(value) && typeof value[0] === 'string') return value[0];
      }
    }
  } catch {
    // not JSON
  }
  return status === 0 ? 'Network error' : `Request failed with status ${status}`;
}

export interface UploadOptions {
  orderId: number;
  kind: FileKind;
  file: File;
  httpClient: HttpClient;
  /** Whole percent, 0-100. */
  onProgress?: (percent: number) => void;
}

function send(options: UploadOptions, token: string | null): Promise<{ status: number; text: string }> {
  const { orderId, kind, file, onProgress } = options;
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', UPLOAD[kind].path(orderId));
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    if (token) xhr.setRequestHeader(CSRF_HEADER, token);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) {
        onProgress?.(Math.min(100, Math.round((event.loaded / event.total) * 100)));
      }
    };
    xhr.onload = () => resolve({ status: xhr.status, text: xhr.responseText });
    xhr.onerror = () => reject(new Error('Network error'));
    xhr.onabort = () => reject(new Error('Upload cancelled'));
    const body = new FormData();
    body.append(UPLOAD[kind].field, file, file.name);
    xhr.send(body);
  });
}

/** Uploads the file; resolves with the stored file, or rejects with the reason as its message. */
export async function uploadOrderFile(options: UploadOptions): Promise<StoredFile> {
  const { httpClient, kind, orderId, file } = options;
  let token = await httpClient.csrfToken();
  let answer = await send(options, token);
  if (answer.status === 403) {
    httpClient.clearCsrfToken();
    const fresh = await httpClient.csrfToken();
    if (fresh && fresh !== token) {
      token = fresh;
      answer = await send(options, token);
    }
  }
  if (answer.status < 200 || answer.status >= 300)
    throw new Error(failureMessage(answer.status, answer.text));
  options.onProgress?.(100);
  let body: Record<string, unknown> = {};
  try {
    body = JSON.parse(answer.text) as Record<string, unknown>;
  } catch {
    // An answer without a body still means the file is stored.
  }
  return storedFileOf(body, kind) ?? { url: serveUrl(orderId, kind), filename: file.name };
}
