import { AGING_BUCKETS } from '@icehouse/domain';
import { Address, Box, FactsRow, Letterhead, footerPart, money, renderDocument, text, usDate } from './layout';
import { AmountRow, DocMeta } from './parts';
import type { StatementDocument } from './types';

const STATEMENT_CSS = `
.entries{margin-bottom:12px}
.entries .date{width:0.9in;white-space:nowrap}
.entries .money{width:1.05in}
.aging{margin-bottom:12px}
.aging th,.aging td{text-align:right}
.summary{display:flex;gap:18px;align-items:flex-start;break-inside:avoid;page-break-inside:avoid}
.summary .note{flex:1 1 0;min-width:0}
`;

/**
 * A customer's statement as a complete HTML document (Letter, 'Page X of Y' footer): the invoice's
 * letterhead, bill-to and table parts; the period's entries with a running balance between the opening
 * and closing balances, the aging of the open invoices on the end date, and the balance.
 */
export function renderStatementHtml(doc: StatementDocument): string {
  const f = doc.figures;
  const period = `${usDate(f.from)} – ${usDate(f.to)}`;
  const body = (
    <>
      <Letterhead company={doc.company} title={doc.number === null ? 'Statement Preview' : 'Statement'}>
        <DocMeta date={f.to} numberLabel="Statement #" number={doc.number === null ? 'Preview, not issued' : text(doc.number)} />
      </Letterhead>

      <div className="columns">
        <Box title="Customer">
          <Address address={doc.bill_to} />
        </Box>
      </div>

      <FactsRow
        facts={[
          ['Period', period],
          ['Opening Balance', money(f.opening_balance)],
          ['Closing Balance', money(f.closing_balance)],
        ]}
      />

      <table className="items entries">
        <thead>
          <tr>
            <th className="date">Date</th>
            <th>Description</th>
            <th className="num money">Amount</th>
            <th className="num money">Balance</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td className="date">{usDate(f.from)}</td>
            <td>Opening balance</td>
            <td className="num money"></td>
            <td className="num money">{money(f.opening_balance)}</td>
          </tr>
          {f.entries.map((e, i) => (
            <tr key={i}>
              <td className="date">{usDate(e.date)}</td>
              <td>{[e.label, text(e.document), text(e.detail)].filter(Boolean).join(' · ')}</td>
              <td className="num money">{money(e.amount)}</td>
              <td className="num money">{money(e.balance)}</td>
            </tr>
          ))}
          <tr>
            <td className="date">{usDate(f.to)}</td>
            <td>Closing balance</td>
            <td className="num money"></td>
            <td className="num money">{money(f.closing_balance)}</td>
          </tr>
        </tbody>
      </table>

      <table className="items aging">
        <thead>
          <tr>
            {AGING_BUCKETS.map((b) => (
              <th key={b.key}>{b.label}</th>
            ))}
            <th>Total Due</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            {AGING_BUCKETS.map((b) => (
              <td key={b.key} className="num">
                {money(f.aging[b.key])}
              </td>
            ))}
            <td className="num">{money(f.aging_total)}</td>
          </tr>
        </tbody>
      </table>

      <div className="summary">
        <div className="note">
          <Box title="Note">
            <p>Aging of the invoices open on {usDate(f.to)}, by days past their due date. Payments and credit not yet applied to an invoice are shown as unapplied credit.</p>
          </Box>
        </div>
        <table className="totals">
          <tbody>
            <AmountRow label="Opening Balance" shown={money(f.opening_balance)} />
            <AmountRow label="Invoiced" shown={money(f.invoiced)} />
            <AmountRow label="Payments" shown={money(f.paid)} />
            <AmountRow label="Credits" shown={money(f.credited)} />
            <AmountRow label="Unapplied Credit" shown={money(f.unapplied_credit)} />
            <AmountRow label="Balance" shown={money(f.closing_balance)} className="balance" />
          </tbody>
        </table>
      </div>
    </>
  );
  return renderDocument({
    title: doc.number === null ? 'Statement preview' : `Statement ${text(doc.number)}`,
    footer: [doc.number === null ? 'Statement preview' : `Statement ${footerPart(doc.number)}`, footerPart(doc.company.name)],
    css: STATEMENT_CSS,
    body,
  });
}
