import type { BillOfMaterials } from '@icehouse/domain';
import { Box, buildingSpecs, buildingTitle, renderDocument, text, usDate } from './layout';
import type { PdfBuilding } from './types';

/** What the shop's build sheet shows (plain data; the PDF's drawings are appended after it). */
export interface BuildSheetDocument {
  company_name: string;
  door_number: string;
  customer_name: string;
  ship_date: string | null;
  ship_via: string;
  building: PdfBuilding;
  door_placement: string;
  additional_items: { quantity: number; item: string }[];
  bill_of_materials: BillOfMaterials;
  notes: string;
  /** The order's uploaded drawings: appended as pages when `added`, else named in a note. */
  drawings: { label: string; filename: string; added: boolean }[];
}

const CSS = `
body{font-size:10pt}
.head{display:flex;justify-content:space-between;align-items:flex-end;border-bottom:2.5px solid #1e3a5f;padding-bottom:8px;margin-bottom:12px}
.head h1{font-size:20pt;text-transform:uppercase;letter-spacing:0.06em;color:#1e3a5f}
.door{font-size:30pt;font-weight:bold;line-height:1;text-align:right}
.facts{display:grid;grid-template-columns:repeat(3,1fr);gap:4px 14px;margin-bottom:12px}
.label{font-size:7.5pt;text-transform:uppercase;letter-spacing:0.04em;color:#52606d}
.value{font-size:11pt;font-weight:bold}
.bom{width:100%;border-collapse:collapse}
.bom th,.bom td{border-bottom:1px solid #cbd2d9;padding:3px 6px;text-align:left}
.bom td.num,.bom th.num{text-align:right}
.note{border:1.5px solid #b91c1c;color:#b91c1c;padding:6px 8px;margin-top:10px;font-weight:bold}
.section{margin-bottom:12px}
`;

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <div className="label">{label}</div>
      <div className="value">{value || '—'}</div>
    </div>
  );
}

/** The build sheet as a complete HTML document (Letter, 'Page X of Y' footer with the door number). */
export function renderBuildSheetHtml(doc: BuildSheetDocument): string {
  const bom = doc.bill_of_materials;
  const failed = doc.drawings.filter((d) => !d.added);
  const body = (
    <>
      <header className="head">
        <div>
          <div className="label">{text(doc.company_name)}</div>
          <h1>Build Sheet</h1>
        </div>
        <div>
          <div className="label">Door #</div>
          <div className="door">{text(doc.door_number)}</div>
        </div>
      </header>
      <div className="facts">
        <Fact label="Ship Date" value={usDate(doc.ship_date)} />
        <Fact label="Ship Via" value={text(doc.ship_via)} />
        <Fact label="Customer" value={text(doc.customer_name)} />
      </div>
      <Box title={buildingTitle(doc.building)} className="section">
        <div className="facts">
          {buildingSpecs(doc.building).map(([label, value]) => (
            <Fact key={label} label={label} value={value} />
          ))}
        </div>
        {text(doc.door_placement) && <Fact label="Door Placement" value={doc.door_placement} />}
      </Box>
      <Box title="Bill of Materials" className="section">
        {bom.kind === 'components' ? (
          <table className="bom">
            <thead>
              <tr>
                <th>Component</th>
                <th className="num">Per unit</th>
                <th className="num">Quantity</th>
              </tr>
            </thead>
            <tbody>
              {bom.lines.map((l) => (
                <tr key={l.component_id}>
                  <td>{l.name}</td>
                  <td className="num">{l.quantity_per_unit}</td>
                  <td className="num">{l.quantity}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <div className="value">{bom.kind_label}</div>
        )}
      </Box>
      {doc.additional_items.length > 0 && (
        <Box title="Additional Items" className="section">
          <table className="bom">
            <tbody>
              {doc.additional_items.map((i, n) => (
                <tr key={n}>
                  <td className="num">{i.quantity}</td>
                  <td>{i.item}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Box>
      )}
      {text(doc.notes) && (
        <Box title="Notes" className="section">
          {doc.notes}
        </Box>
      )}
      {doc.drawings.length > 0 && (
        <Box title="Drawings" className="section">
          {doc.drawings.map((d) => (
            <div key={d.label}>
              {d.label}: {d.filename}
              {d.added ? ' (attached after this page)' : ''}
            </div>
          ))}
        </Box>
      )}
      {failed.map((d) => (
        <div key={d.label} className="note">
          Could not add the {d.label.toLowerCase()} “{d.filename}”: it is not a readable PDF. Open it from the order form.
        </div>
      ))}
    </>
  );
  // Its drawings are appended after rendering: the finished file numbers its pages (pdf/page-numbers.ts).
  return renderDocument({ title: `Build sheet ${doc.door_number}`, footer: ['Build sheet', `Door # ${doc.door_number}`], css: CSS, body, pageNumbers: false });
}
