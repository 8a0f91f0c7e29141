import { Address, Box, FactsRow, Letterhead, footerPart, money, renderDocument, text, usDate } from './layout';
import { AmountRow, DiscountAndTaxRows, DocMeta, PricedItemsTable } from './parts';
import type { QuoteDocument } from './types';

const QUOTE_CSS = `
.quote-facts th:first-child{width:26%}
.lines{margin-bottom:12px}
.summary{display:flex;gap:18px;align-items:flex-start;break-inside:avoid;page-break-inside:avoid}
.summary .terms{flex:1 1 0;min-width:0}
.note{margin-top:8px;font-style:italic;color:#3e4c59}
.accepted{margin-top:10px;font-weight:bold}
`;

/**
 * The quote as a complete HTML document, from the invoice's parts (letterhead, addresses, facts, the
 * priced lines, the discount and tax rows): the same look, a different title and no payments.
 */
export function renderQuoteHtml(doc: QuoteDocument): string {
  const number = text(doc.quote_number);
  const body = (
    <>
      <Letterhead company={doc.company} title="Quote">
        <DocMeta date={doc.date} numberLabel="Quote #" number={number} />
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
        className="quote-facts"
        facts={[
          ['P.O. # / Job Name', text(doc.po_job_name)],
          ['Valid Until', usDate(doc.valid_until)],
          ['Ship Date', usDate(doc.ship_date)],
          ['Via', text(doc.ship_via)],
        ]}
      />

      <PricedItemsTable
        className="lines"
        descriptionLabel="Description"
        priceLabel="Price Each"
        emptyText="No items"
        rows={doc.line_items.map((line) => ({ ...line, price: line.price_each }))}
      />

      <div className="summary">
        <div className="terms">
          <p className="note pre">
            {`This quote is valid until ${usDate(doc.valid_until)}. Prices include the items listed; sales tax is charged at the rate in force when the order is invoiced.`}
          </p>
          {doc.accepted && (
            <p className="accepted">{`Accepted by ${doc.accepted.name} on ${usDate(doc.accepted.at)}`}</p>
          )}
        </div>
        <table className="totals">
          <tbody>
            <AmountRow label="Subtotal" shown={money(doc.totals.subtotal)} />
            <DiscountAndTaxRows totals={doc.totals} />
            <AmountRow label="Total" shown={money(doc.totals.total)} className="strong" />
          </tbody>
        </table>
      </div>
    </>
  );
  return renderDocument({
    title: `Quote ${number}`,
    footer: [`Quote ${footerPart(number)}`, footerPart(doc.company.name)],
    css: QUOTE_CSS,
    body,
  });
}
