import { Box, FactsRow, Letterhead, footerPart, money, renderDocument, text, usDate } from './layout';
import { AmountRow, DocMeta } from './parts';
import type { PdfCompany } from './types';

/** A purchase order as its PDF prints it: every amount computed by the domain before it gets here. */
export interface PurchaseOrderDocument {
  company: PdfCompany;
  number: string;
  date: string;
  expected_date: string | null;
  supplier: { name: string; contact: string; email: string; phone: string; terms: string };
  notes: string;
  lines: { component_name: string; supplier_part_number: string; quantity: number; unit_cost: string; line_total: string }[];
  total: string;
}

const PO_CSS = `
.lines{width:100%;border-collapse:collapse;margin:12px 0}
.lines th,.lines td{border-bottom:1px solid #cbd2d9;padding:4px 6px;text-align:left;vertical-align:top}
.lines th.num,.lines td.num{text-align:right}
.note{margin-top:8px;white-space:pre-wrap}
`;

/** The purchase order sent to a supplier: letterhead, supplier, dates and terms, lines, total. */
export function renderPurchaseOrderHtml(doc: PurchaseOrderDocument): string {
  const number = text(doc.number);
  const s = doc.supplier;
  const body = (
    <>
      <Letterhead company={doc.company} title="Purchase Order">
        <DocMeta date={doc.date} numberLabel="P.O. #" number={number} />
      </Letterhead>
      <div className="columns">
        <Box title="Supplier">
          {[s.name, s.contact, s.email, s.phone].filter((v) => text(v)).map((v, i) => (
            <div key={i}>{v}</div>
          ))}
        </Box>
      </div>
      <FactsRow
        facts={[
          ['Expected', usDate(doc.expected_date)],
          ['Terms', text(s.terms)],
        ]}
      />
      <table className="lines">
        <thead>
          <tr>
            <th>Item</th>
            <th>Supplier Part #</th>
            <th className="num">Quantity</th>
            <th className="num">Unit Cost</th>
            <th className="num">Amount</th>
          </tr>
        </thead>
        <tbody>
          {doc.lines.map((l, i) => (
            <tr key={i}>
              <td>{l.component_name}</td>
              <td>{l.supplier_part_number}</td>
              <td className="num">{l.quantity}</td>
              <td className="num">{money(l.unit_cost)}</td>
              <td className="num">{money(l.line_total)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <table className="totals">
        <tbody>
          <AmountRow label="Total" shown={money(doc.total)} className="strong" />
        </tbody>
      </table>
      {text(doc.notes) && <p className="note">{doc.notes}</p>}
    </>
  );
  return renderDocument({
    title: `Purchase Order ${number}`,
    footer: [`Purchase Order ${footerPart(number)}`, footerPart(doc.company.name)],
    css: PO_CSS,
    body,
  });
}
