/**
 * Saving a PDF the server answered with: the name from its Content-Disposition header, else a
 * default (invoices spec §2: 'combined-invoice.pdf').
 */

/** The file name in a Content-Disposition header (RFC 6266: `filename*=UTF-8''...` wins over `filename=`). */
export function fileNameFromDisposition(header: string | null | undefined, fallback: string): string {
  if (!header) return fallback;
  const extended = /filename\*\s*=\s*([^;]+)/i.exec(header)?.[1]?.trim();
  if (extended) {
    const value = extended.replace(/^"(.*)"$/, '$1');
    const encoded = value.includes("''") ? value.slice(value.indexOf("''") + 2) : value;
    try {
      const decoded = decodeURIComponent(encoded).trim();
      if (decoded) return safeName(decoded, fallback);
    } catch {
      // A malformed escape: fall back to the plain filename.
    }
  }
  const plain = /filename\s*=\s*("((?:\\.|[^"\\])*)"|[^;]+)/i.exec(header);
  if (plain) {
    const value = (plain[2] !== undefined ? plain[2].replace(/\\(.)/g, '$1') : (plain[1] ?? '')).trim();
    if (value) return safeName(value, fallback);
  }
  return fallback;
}

/** Only the last path segment: a header cannot place the file in another folder. */
function safeName(name: string, fallback: string): string {
  const base = name.split(/[\\/]/).pop()?.trim() ?? '';
  return base === '' || base === '.' || base === '..' ? fallback : base;
}
