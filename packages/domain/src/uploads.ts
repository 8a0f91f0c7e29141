import { LIMITS } from './constants';
import { MESSAGES } from './messages';

/** Blueprint and door drawing uploads: PDF only, at most 50MB (orders spec §5). */

export interface UploadCandidate {
  name?: string | null;
  /** MIME type as the browser or multipart header reports it. */
  type?: string | null;
  size: number;
}

export function isPdfFile(file: Pick<UploadCandidate, 'name' | 'type'>): boolean {
  const type = (file.type ?? '').toLowerCase();
  if (type) return type === 'application/pdf';
  // Some browsers report no type; fall back on the name.
  return /\.pdf$/i.test(file.name ?? '');
}

/** The message to show, or null when the file may be uploaded. */
export function validatePdfUpload(file: UploadCandidate): string | null {
  if (!isPdfFile(file)) return MESSAGES.uploadPdfOnly;
  if (file.size > LIMITS.uploadMaxBytes) return MESSAGES.uploadTooLarge;
  return null;
}
