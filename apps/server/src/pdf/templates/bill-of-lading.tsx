import {
  Address,
  Box,
  FactsRow,
  Letterhead,
  footerPart,
  Lines,
  buildingSpecs,
  buildingTitle,
  quantity,
  renderDocument,
  text,
  usDate,
} from './layout';
import { DocMeta, TextBox } from './parts';
import type { BillOfLadingDocument } from './types';

const BOL_CSS = `
.columns.three>*{flex:1 1 0}
.phone{margin-top:3px}
.articles{margin-bottom:12px}
.article-title{font-weight:bold}
.specs{margin-top:3px;color:#3e4c59;font-size:8.5pt}
.specs span{margin-right:14px;display:inline-block;max-width:100%}
.specs b{color:#1f2933}
.special{margin-bottom:12px}
.special .box-body{min-height:0.45in}
.terms-text{font-size:7.5pt;color:#52606d;margin-bottom:14px;text-align:justify}
.signatures{display:flex;gap:14px;break-inside:avoid;page-break-inside:avoid}
.signature{flex:1 1 0;min-width:0;border:1px solid #9aa5b1;padding:6px 8px 8px}
.signature h3{font-size:8pt;text-transform:uppercase;letter-spacing:0.05em;color:#323f4b;margin-bottom:2px}
.signature .who,.signature .received{min-height:26px}
.signature .who{font-weight:bold}
.signature .received{font-size:7.5pt;color:#52606d}
.sign-line{margin-top:22px;border-top:1px solid #1f2933;padding-top:2px;font-size:7pt;color:#52606d;text-transform:uppercase;letter-spacing:0.04em}
`;

function SignLine({ label }: { label: string }) {
  return <div className="sign-line">{label}</div>;
}

/** The bill of lading as a complete HTML document (Letter, 'Page X of Y' footer). */
export function renderBolHtml(doc: BillOfLadingDocument): string {
  const number = text(doc.bol_number);
  const specs = buildingSpecs(doc.building);
  const special = text(doc.special_delivery_info);
  const body = (
    <>
      <Letterhead company={doc.company} title="Bill of Lading">
        <DocMeta date={doc.date} numberLabel="B/L #" number={number} />
      </Letterhead>

      <div className="columns three">
        <Box title="Shipper">
          <Address address={doc.company} />
          {text(doc.company.phone) && <div className="phone">Phone {text(doc.company.phone)}</div>}
        </Box>
        <Box title="Consignee (Ship To)">
          <Address address={doc.consignee} />
          {text(doc.consignee_phone) && <div className="phone">Phone {text(doc.consignee_phone)}</div>}
        </Box>
        <Box title="Bill To">
          <Address address={doc.bill_to} />
        </Box>
      </div>

      <FactsRow
        facts={[
          ['Door #', text(doc.order.door_number)],
          ['Customer PO / Job', text(doc.order.customer_po_job_name)],
          ['EPS PO #', text(doc.order.eps_po_number)],
          ['Ship Via', text(doc.order.ship_via)],
          ['Ship Date', usDate(doc.order.ship_date)],
          ['F.O.B.', text(doc.free_on_board)],
        ]}
      />

      <table className="items articles">
        <thead>
          <tr>
            <th className="qty">Qty</th>
            <th>Description of Articles</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td className="qty">1</td>
            <td className="desc">
              <div className="article-title">{buildingTitle(doc.building)}</div>
              {specs.length > 0 && (
                <div className="specs">
                  {specs.map(([label, value]) => (
                    <span key={label}>
                      <b>{label}:</b> {value}
                    </span>
                  ))}
                </div>
              )}
            </td>
          </tr>
          {doc.items.map((item, i) => (
            <tr key={i}>
              <td className="qty">{quantity(item.quantity)}</td>
              <td className="desc pre">{item.description}</td>
            </tr>
          ))}
        </tbody>
      </table>

      <TextBox title="Special Delivery Information" value={special} className="special" />

      <p className="terms-text">
        Received, subject to the classifications and tariffs in effect on the date of issue of this Bill of
        Lading, the property described above in apparent good order, except as noted (contents and condition
        of contents of packages unknown), marked, consigned and destined as indicated above, which the carrier
        agrees to carry to its usual place of delivery at said destination.
      </p>

      <section className="signatures">
        <div className="signature">
          <h3>Shipper</h3>
          <Lines className="who" lines={[text(doc.company.name)]} />
          <SignLine label="Signature" />
          <SignLine label="Printed Name" />
          <SignLine label="Date" />
        </div>
        <div className="signature">
          <h3>Carrier</h3>
          <Lines className="who" lines={[text(doc.order.ship_via)]} />
          <SignLine label="Driver Signature" />
          <SignLine label="Trailer / Truck #" />
          <SignLine label="Date" />
        </div>
        <div className="signature">
          <h3>Consignee</h3>
          <div className="received">Received the above in good order, except as noted.</div>
          <SignLine label="Signature" />
          <SignLine label="Printed Name" />
          <SignLine label="Date" />
        </div>
      </section>
    </>
  );
  return renderDocument({
    title: `Bill of Lading ${number}`,
    footer: [`Bill of Lading ${footerPart(number)}`, `Door # ${footerPart(doc.order.door_number)}`],
    css: BOL_CSS,
    body,
  });
}
