import { useId } from 'react';
import { AGING_BUCKETS, formatMoney, type StatementAging } from '@icehouse/domain';
import { formatDate } from '../../lib/format';
import { STATEMENT_TEXT as T } from './texts';

/** What a statement shows on screen (the staff's section and the customer's page): figures, aging, entries. */
export interface StatementShown {
  from: string;
  to: string;
  opening_balance: string;
  invoiced: string;
  paid: string;
  credited: string;
  closing_balance: string;
  aging: StatementAging;
  aging_total: string;
  unapplied_credit: string;
  entries: {
    date: string;
    label: string;
    document: string;
    detail: string;
    amount: string;
    balance: string;
  }[];
}

/** An amount's cell: a gap before it, never wrapped. A date's: a gap after it, never wrapped. */
const CELL = 'pl-3 whitespace-nowrap';
const DATE = 'pr-3 whitespace-nowrap';

export function StatementFigures({ statement: s }: { statement: StatementShown }) {
  const figures: [string, string, string][] = [
    [T.openingBalance, s.opening_balance, 'statement-opening'],
    [T.invoiced, s.invoiced, 'statement-invoiced'],
    [T.paid, s.paid, 'statement-paid'],
    [T.credited, s.credited, 'statement-credited'],
    [T.closingBalance, s.closing_balance, 'statement-closing'],
  ];
  const aging: [string, string][] = [
    ...AGING_BUCKETS.map((b): [string, string] => [b.label, s.aging[b.key]]),
    [T.agingTotal, s.aging_total],
    [T.unappliedCredit, s.unapplied_credit],
  ];
  const agingId = useId();
  return (
    <div className="flex flex-col gap-4">
      <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-5">
        {figures.map(([label, value, testId]) => (
          <div key={label}>
            <dt className="text-slate-600">{label}</dt>
            <dd className="font-medium tabular-nums text-slate-900" data-testid={testId}>
              {formatMoney(value)}
            </dd>
          </div>
        ))}
      </dl>
      {/* Seven figures do not fit a phone's row: like the figures above, two to a row there, one row from sm up. */}
      <section aria-labelledby={agingId}>
        <p id={agingId} className="text-sm font-medium text-slate-800">
          {T.agingTitle(formatDate(s.to))}
        </p>
        <dl className="mt-1 grid grid-cols-2 gap-2 text-sm sm:grid-cols-7">
          {aging.map(([label, value]) => (
            <div key={label}>
              <dt className="text-slate-600">{label}</dt>
              <dd className="font-medium tabular-nums text-slate-900">{formatMoney(value)}</dd>
            </div>
          ))}
        </dl>
      </section>
      {/* On a phone the columns keep a gap and never wrap an amount; what does not fit scrolls inside its own box. */}
      <div className="overflow-x-auto">
        <table className="w-full text-sm">
          <caption className="text-left text-sm font-medium text-slate-800">{T.entriesCaption}</caption>
          <thead>
            <tr className="border-b text-left">
              <th className={`py-1 font-medium ${DATE}`}>{T.date}</th>
              <th className="py-1 font-medium">{T.description}</th>
              <th className={`py-1 text-right font-medium ${CELL}`}>{T.amount}</th>
              <th className={`py-1 text-right font-medium ${CELL}`}>{T.balance}</th>
            </tr>
          </thead>
          <tbody>
            <tr className="border-b border-slate-100">
              <td className={`py-1 ${DATE}`}>{formatDate(s.from)}</td>
              <td className="py-1">{T.openingBalance}</td>
              <td />
              <td className={`py-1 text-right tabular-nums ${CELL}`}>{formatMoney(s.opening_balance)}</td>
            </tr>
            {s.entries.length === 0 && (
              <tr>
                <td colSpan={4} className="py-1 text-slate-600">
                  {T.noEntries}
                </td>
              </tr>
            )}
            {s.entries.map((e, i) => (
              <tr key={i} className="border-b border-slate-100">
                <td className={`py-1 ${DATE}`}>{formatDate(e.date)}</td>
                <td className="py-1 break-words">
                  {[e.label, e.document, e.detail].filter(Boolean).join(' · ')}
                </td>
                <td className={`py-1 text-right tabular-nums ${CELL}`}>{formatMoney(e.amount)}</td>
                <td className={`py-1 text-right tabular-nums ${CELL}`}>{formatMoney(e.balance)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
