import type { AccountingTransaction } from './transactions';

/**
 * A QuickBooks Desktop IIF file (decision 205): tab-separated, a header row per record type
 * (!TRNS, !SPL, !ENDTRNS), then per transaction one TRNS row (its first posting), one SPL row per
 * other posting and ENDTRNS. AMOUNT: debits positive, credits negative (the IIF reference); DATE
 * MM/DD/YYYY. Every transaction balances (TRNS + SPLs = 0), as accountingTransactions builds them.
 */

export const IIF_TRNS_FIELDS = ['TRNSTYPE', 'DATE', 'ACCNT', 'NAME', 'AMOUNT', 'DOCNUM', 'MEMO'] as const;
export const IIF_SPL_FIELDS = [...IIF_TRNS_FIELDS, 'PRICE', 'QNTY'] as const;

/** An ISO date as QuickBooks' US date (MM/DD/YYYY). */
export function usDate(iso: string): string {
  return `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;
}

/** A field's text: tabs and line breaks would split the row, so they become spaces. */
export function iifText(text: string): string {
  return text.replace(/[\t\r\n]+/g, ' ').trim();
}

export function iifFile(transactions: readonly AccountingTransaction[]): string {
  const rows: string[][] = [['!TRNS', ...IIF_TRNS_FIELDS], ['!SPL', ...IIF_SPL_FIELDS], ['!ENDTRNS']];
  for (const t of transactions) {
    t.postings.forEach((p, i) => {
      const common = [t.type, usDate(t.date), p.account, p.name, p.amount, t.docNumber, p.memo || t.memo];
      rows.push(i === 0 ? ['TRNS', ...common] : ['SPL', ...common, p.price ?? '', p.quantity ?? '']);
    });
    rows.push(['ENDTRNS']);
  }
  return rows.map((r) => r.map(iifText).join('\t')).join('\r\n') + '\r\n';
}
