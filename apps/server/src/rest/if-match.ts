/**
 * The version an `If-Match` header names, for the operations whose records carry a `version` (PATCH
 * /api/orders/{id}/): `"3"`, `W/"3"` or a bare `3`. undefined when the header is absent; 'invalid' when
 * it names no single version (a list, `*`, text), so the caller is told rather than left unchecked.
 */
export function ifMatchVersion(header: string | string[] | undefined): number | 'invalid' | undefined {
  if (header === undefined) return undefined;
  const value = (Array.isArray(header) ? header.join(',') : header).trim();
  const match = /^(?:W\/)?(?:"(\d{1,15})"|(\d{1,15}))$/.exec(value);
  if (!match) return 'invalid';
  const n = Number(match[1] ?? match[2]);
  return n >= 1 ? n : 'invalid';
}
