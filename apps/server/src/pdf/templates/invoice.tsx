import {
  Address,
  Box,
  FactsRow,
  Letterhead,
  footerPart,
  money,
  nonZero,
  quantity,
  renderDocument,
  salesTaxLabel,
  text,
  usDate,
} from './layout';
import type { InvoiceDocument, InvoiceTotalsBlock } from './types';

const INVOICE_CSS = `
.invoice-facts th:first-child{width:26%}
.lines{margin-bottom:12px}
.lines .desc{overflow-wrap:anywhere}
.summary{display:flex;gap:18px;align-items:flex-start;break-inside:avoid;page-break-inside:avoid}
.summary .remit{flex:1 1 0;min-width:0}
.note{margin-top:8px;font-style:italic;color:#3e4c59}
`;

function Totals({ totals }: { totals: InvoiceTotalsBlock }) {
  return (
    <table className="totals">
      <tbody>
        <tr>
          <td>Subtotal</td>
          <td className="num">{money(totals.subtotal)}</td>
        </tr>
        {nonZero(totals.discount_amount) && (
          <tr>
            <td>{text(totals.discount_label) || 'Discount'}</td>
            <td className="num">{`-${money(totals.discount_amount)}`}</td>
          </tr>
        )}
        <tr>
          <td>{salesTaxLabel(totals)}</td>
          <td className="num">{money(totals.tax_amount)}</td>
        </tr>
        <tr className="strong">
          <td>Total</td>
          <td className="num">{money(totals.total)}</td>
        </tr>
        <tr>
          <td>Payments/Credits</td>
          <td className="num">
            {nonZero(totals.payments_credits) ? `-${money(totals.payments_credits)}` : money(0)}
          </td>
        </tr>
        <tr className="balance">
          <td>Balance Due</td>
          <td className="num">{money(totals.balance_due)}</td>
        </tr>
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
        <table className="meta">
          <thead>
            <tr>
              <th>Date</th>
              <th>Invoice #</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <td>{usDate(doc.date)}</td>
              <td>{number}</td>
            </tr>
          </tbody>
        </table>
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

      <table className="items lines">
        <thead>
          <tr>
            <th className="qty">Qty</th>
            <th>Description</th>
            <th className="num money">Price Each</th>
            <th className="num money">Amount</th>
          </tr>
        </thead>
        <tbody>
          {doc.line_items.length === 0 ? (
            <tr>
              <td className="qty" />
              <td className="muted">No items</td>
              <td />
              <td />
            </tr>
          ) : (
            doc.line_items.map((line, i) => (
              <tr key={i}>
                <td className="qty">{quantity(line.quantity)}</td>
                <td className="desc pre">{line.description}</td>
                <td className="num">{money(line.price_each)}</td>
                <td className="num">{money(line.amount)}</td>
              </tr>
            ))
          )}
        </tbody>
      </table>

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
    footerLabel: [`Invoice ${footerPart(number)}`, footerPart(doc.company.name)]
      .filter(Boolean)
      .join('  ·  '),
    css: INVOICE_CSS,
    body,
  });
}
