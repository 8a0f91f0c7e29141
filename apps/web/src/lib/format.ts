import { LIMITS } from '@icehouse/domain';

/**
 * How values are shown to staff. The API keeps ISO dates (`YYYY-MM-DD`) and money as decimal strings
 * (`"1250.00"`); the screens show `MM/DD/YYYY` and `$1,250.00`. The rules live once, in the domain
 * package (exact decimals, half-up cents, no timezone shift on dates); this module is the web app's
 * one door to them, so screens import formatting from here.
 */
export {
  /** `'2024-03-05'` -> `'03/05/2024'`, straight from the string; blank gives `''`. */
  formatUsDate as formatDate,
  /** Today on this machine's calendar as `YYYY-MM-DD` (not the UTC day). */
  todayIso,
  /** `'1250.5'` -> `'$1,250.50'`, `-3` -> `'-$3.00'`; non-numeric counts as 0. */
  formatMoney,
  /** What a money input shows after blur: `'12.5'` -> `'12.50'`; empty and non-numbers kept as typed. */
  formatTwoDecimals,
  /** The API's form of an amount: `12.5` -> `'12.50'`. */
  toMoneyString,
} from '@icehouse/domain';

/**
 * A list's total as the "Showing x of y" line says it. A text search stops counting at
 * LIMITS.searchCountMax, so from there the server's count is a lower bound: "1000+".
 */
export function formatListTotal(count: number, textSearch: boolean): string {
  return textSearch && count >= LIMITS.searchCountMax ? `${count}+` : String(count);
}

/** "1 statement", "3 statements", "1 credit note": a count with its noun agreeing (`many` for an irregular plural). */
export function countOf(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}
