import type { HttpClient } from '../../lib/http';

/**
 * The sheet's upload: a multipart POST to the REST path (tRPC takes JSON only), sent through the app's
 * HTTP client, which adds the CSRF token. Answers the upload, or throws the server's message.
 */
export interface UploadAnswer {
  id: number;
  kind: string;
  filename: string;
  headers: string[];
  row_count: number;
  mapping: Record<string, string>;
  mapping_remembered: boolean;
  fields: { key: string; label: string; required: boolean }[];
}

function messageOf(status: number, body: unknown): string {
  if (body && typeof body === 'object') {
    for (const value of Object.values(body as Record<string, unknown>)) {
      if (typeof value === 'string' && value !== '') return value;
      if (Array.isArray(value) && typeof value[0] === 'string') return value[0];
    }
  }
  return `Request failed with status ${status}`;
}

export async function uploadSheet(http: HttpClient, kind: string, file: File): Promise<UploadAnswer> {
  const form = new FormData();
  form.append('file', file, file.name);
  const res = await http.fetch(`/api/spreadsheets/${kind}/uploads/`, { method: 'POST', body: form });
  const body: unknown = await res.json().catch(() => null);
  if (!res.ok) throw new Error(messageOf(res.status, body));
  return body as UploadAnswer;
}

export const templateUrl = (kind: string, format: 'csv' | 'xlsx') => `/api/spreadsheets/${kind}/template/?format=${format}`;
