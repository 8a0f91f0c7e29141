import {
  Address,
  Box,
  FactsRow,
  Letterhead,
  footerPart,
  money,
  renderDocument,
  salesTaxLabel,
  text,
  usDate,
} from './layout';
import { AmountRow, DocMeta, PricedItemsTable } from './parts';
import type { CreditNoteDocument } from './types';

const CREDIT_NOTE_CSS = `
.credit-facts th:first-child{width:26%}
.lines{margin-bottom:12px}
.summary{display:flex;gap:18px;align-items:flex-start;break-inside:avoid;page-break-inside:avoid}
.summary .reason{flex:1 1 0;min-width:0}
`;

/**
 * A credit note as a complete HTML document (Letter, 'Page X of Y' footer): the invoice's letterhead,
 * bill-to and line table parts; the credited lines, the tax reversed on them and the credit's total,
 * then the invoice's figures after it (total as issued, credited so far, balance due).
 */
export function renderCreditNoteHtml(doc: CreditNoteDocument): string {
  const number = text(doc.credit_note_number);
  const body = (
    <>
      <Letterhead company={doc.company} title="Credit Note">
        <DocMeta date={doc.date} numberLabel="Credit Note #" number={number} />
      </Letterhead>

      <div className="columns">
        <Box title="Bill To">
          <Address address={doc.bill_to} />
        </Box>
      </div>

      <FactsRow
        className="credit-facts"
        facts={[
          ['Invoice #', text(doc.invoice_number)],
          ['Invoice Date', usDate(doc.invoice_date)],
          ['P.O. # / Job Name', text(doc.po_job_name)],
        ]}
      />

      <PricedItemsTable
        className="lines"
        descriptionLabel="Credited"
        priceLabel="Price Each"
        emptyText="No items"
        rows={doc.line_items.map((line) => ({ ...line, price: line.price_each }))}
      />

      <div className="summary">
        <div className="reason">
          <Box title="Reason">
            <p className="pre">{text(doc.reason)}</p>
          </Box>
        </div>
        <table className="totals">
          <tbody>
            <AmountRow label="Subtotal" shown={money(doc.totals.subtotal)} />
            <AmountRow label={salesTaxLabel(doc.totals)} shown={money(doc.totals.tax_amount)} />
            <AmountRow label="Credit Total" shown={money(doc.totals.total)} className="strong" />
            <AmountRow label="Invoice Total" shown={money(doc.invoice_total)} />
            <AmountRow label="Balance Due" shown={money(doc.invoice_balance_due)} className="balance" />
          </tbody>
        </table>
      </div>
    </>
  );
  return renderDocument({
    title: `Credit Note ${number}`,
    footer: [`Credit Note ${footerPart(number)}`, footerPart(doc.company.name)],
    css: CREDIT_NOTE_CSS,
    body,
  });
}
