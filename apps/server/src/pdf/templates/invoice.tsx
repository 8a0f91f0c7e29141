import {
  Address,
  Box,
  FactsRow,
  Letterhead,
  footerPart,
  money,
  nonZero,
  renderDocument,
  text,
  usDate,
} from './layout';
import { AmountRow, DiscountAndTaxRows, DocMeta, PricedItemsTable } from './parts';
import type { InvoiceDocument, InvoicePaymentLine, InvoiceTotalsBlock } from './types';

const INVOICE_CSS = `
.invoice-facts th:first-child{width:26%}
.lines{margin-bottom:12px}
.summary{display:flex;gap:18px;align-items:flex-start;break-inside:avoid;page-break-inside:avoid}
.summary .remit{flex:1 1 0;min-width:0}
.note{margin-top:8px;font-style:italic;color:#3e4c59}
.payments{margin-bottom:12px;break-inside:avoid;page-break-inside:avoid}
.payments caption{text-align:left;font-weight:bold;font-size:8pt;text-transform:uppercase;letter-spacing:0.05em;padding-bottom:3px}
.payments .date{width:1in}
.payments .method{width:1.6in}
`;

function Totals({ totals }: { totals: InvoiceTotalsBlock }) {
  return (
    <table className="totals">
      <tbody>
        <AmountRow label="Subtotal" shown={money(totals.subtotal)} />
        <DiscountAndTaxRows totals={totals} />
        <AmountRow label="Total" shown={money(totals.total)} className="strong" />
        <AmountRow
          label="Payments/Credits"
          shown={nonZero(totals.payments_credits) ? `-${money(totals.payments_credits)}` : money(0)}
        />
        <AmountRow label="Balance Due" shown={money(totals.balance_due)} className="balance" />
        {nonZero(totals.credit) && <AmountRow label="Credit" shown={money(totals.credit)} />}
      </tbody>
    </table>
  );
}

/** The payments ledger, oldest first: date, method, reference, amount (refunds and reversals negative). */
function Payments({ payments }: { payments: InvoicePaymentLine[] }) {
  return (
    <table className="items payments">
      <caption>Payments</caption>
      <thead>
        <tr>
          <th className="date">Date</th>
          <th className="method">Method</th>
          <th>Reference</th>
          <th className="num money">Amount</th>
        </tr>
      </thead>
      <tbody>
        {payments.map((p, i) => (
          <tr key={i}>
            <td className="date">{usDate(p.date)}</td>
            <td className="method">{p.method}</td>
            <td className="pre">{text(p.reference)}</td>
            <td className="num">{money(p.amount)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The invoice as a complete HTML document (Letter, 'Page X of Y' footer). */
export function renderInvoiceHtml(doc: InvoiceDocument): string {
  const number = text(doc.invoice_number);
  const orders = (doc.order_numbers ?? []).map((n) => text(n)).filter(Boolean);
  const body = (
    <>
      <Letterhead company={doc.company} title="Invoice">
        <DocMeta date={doc.date} numberLabel="Invoice #" number={number} />
      </Letterhead>

      <div className="columns">
        <Box title="Bill To">
          <Address address={doc.bill_to} />
        </Box>
        <Box title="Ship To">
          <Address address={doc.ship_to} />
        </Box>
      </div>

      <FactsRow
        className="invoice-facts"
        facts={[
          ['P.O. # / Job Name', text(doc.po_job_name)],
          ['Terms', text(doc.terms)],
          ['Due Date', usDate(doc.due_date)],
          ['Ship Date', usDate(doc.ship_date)],
          ['Via', text(doc.ship_via)],
          [orders.length > 1 ? 'Orders' : 'Order #', orders.join(', ')],
        ]}
      />

      <PricedItemsTable
        className="lines"
        descriptionLabel="Description"
        priceLabel="Price Each"
        emptyText="No items"
        rows={doc.line_items.map((line) => ({ ...line, price: line.price_each }))}
      />

      {doc.payments && doc.payments.length > 0 && <Payments payments={doc.payments} />}

      <div className="summary">
        <div className="remit">
          {doc.remit_to && (
            <Box title="Please Remit Payment To">
              <Address address={doc.remit_to} />
            </Box>
          )}
          {text(doc.note) && <p className="note pre">{text(doc.note)}</p>}
        </div>
        <Totals totals={doc.totals} />
      </div>
    </>
  );
  return renderDocument({
    title: `Invoice ${number}`,
    footer: [`Invoice ${footerPart(number)}`, footerPart(doc.company.name)],
    css: INVOICE_CSS,
    body,
  });
}
