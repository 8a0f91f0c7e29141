/**
 * Header values built from user data (invoice, BOL and door numbers, file names). Node refuses to
 * send a header holding a character outside Latin-1, and CR/LF would split the header: either one
 * thrown at send time answers 500 after the work was committed. Every such value goes through here.
 */

/** Visible ASCII but `%`: what a header value may carry as it is. */
const PLAIN = /^[\x21-\x24\x26-\x7e]*$/;

/**
 * The text for a custom header (X-Invoice-Number, X-Bol-Number): visible ASCII as it is, any other
 * character (space, `%`, control characters, anything past ASCII) percent-encoded as UTF-8, so a
 * client gets the text back with decodeURIComponent() and a plain number is unchanged (`1001`).
 */
export function headerText(value: string): string {
  if (PLAIN.test(value)) return value;
  let out = '';
  for (const char of value) {
    if (PLAIN.test(char)) out += char;
    else out += percentEncode(char);
  }
  return out;
}

function percentEncode(char: string): string {
  // A lone surrogate has no UTF-8 form: U+FFFD stands in for it.
  const lone = char.length === 1 && char.charCodeAt(0) >= 0xd800 && char.charCodeAt(0) <= 0xdfff;
  const bytes = Buffer.from(lone ? '\uFFFD' : char, 'utf8');
  return [...bytes].map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join('');
}

/** RFC 8187 attr-char: what `filename*=UTF-8''...` may hold unencoded. */
const ATTR_CHAR = /[A-Za-z0-9!#$&+\-.^_`|~]/;

/**
 * `attachment; filename="invoice-1001.pdf"`, plus `filename*=UTF-8''...` (RFC 6266/8187) when the
 * name is not plain ASCII: the plain `filename` is then an ASCII stand-in (`_` for what it cannot
 * say, no quotes, backslashes or `;`), the extended one the exact name.
 */
export function contentDisposition(type: 'inline' | 'attachment', filename: string): string {
  const ascii = [...filename].map((c) => (/[\x20-\x7e]/.test(c) && !/["\\;%]/.test(c) ? c : '_')).join('');
  if (ascii === filename) return `${type}; filename="${filename}"`;
  const extended = [...filename].map((c) => (ATTR_CHAR.test(c) ? c : percentEncode(c))).join('');
  return `${type}; filename="${ascii}"; filename*=UTF-8''${extended}`;
}
