import { statusLabel } from '@icehouse/domain';
import {
  Address,
  Box,
  FactsRow,
  footerPart,
  buildingSpecs,
  buildingTitle,
  money,
  nonZero,
  renderDocument,
  text,
  usDate,
} from './layout';
import { AmountRow, DiscountAndTaxRows, PricedItemsTable, TextBox } from './parts';
import type { Money, OrderPrintDocument } from './types';

const ORDER_CSS = `
body{font-size:10pt}
.order-head{display:flex;justify-content:space-between;align-items:flex-end;border-bottom:2.5px solid #1e3a5f;padding-bottom:8px;margin-bottom:12px}
.order-head .company-name{font-size:12pt;font-weight:bold;color:#1e3a5f}
.order-head h1{font-size:20pt;letter-spacing:0.06em;text-transform:uppercase;color:#1e3a5f;line-height:1.1}
.printed{font-size:7.5pt;color:#7b8794;margin-top:2px}
.order-head>div{min-width:0}
.door{text-align:right;max-width:60%}
.door-label{font-size:8pt;text-transform:uppercase;letter-spacing:0.06em;color:#52606d}
.door-number{font-size:30pt;font-weight:bold;line-height:1;color:#1f2933}
.status{display:inline-block;margin-top:5px;padding:2px 10px;border-radius:10px;font-size:8.5pt;font-weight:bold;border:1px solid currentColor}
.status-pending{color:#b45309;background:#fef3c7}
.status-processed{color:#1d4ed8;background:#dbeafe}
.status-scheduled_to_ship{color:#15803d;background:#dcfce7}
.status-completed{color:#047857;background:#d1fae5}
.status-voided{color:#b91c1c;background:#fee2e2}
.status-other{color:#374151;background:#f3f4f6}
.void-stamp{align-self:center;border:3px solid #b91c1c;color:#b91c1c;font-weight:bold;font-size:22pt;padding:2px 18px;border-radius:4px;transform:rotate(-4deg)}
.customer-name{font-size:11pt;font-weight:bold}
.building-title{font-size:12pt;font-weight:bold;margin-bottom:6px}
.spec-grid{display:grid;grid-template-columns:repeat(4,1fr);gap:5px 14px}
.spec-label{font-size:7.5pt;text-transform:uppercase;letter-spacing:0.04em;color:#52606d}
.spec-value{font-size:11pt;font-weight:bold}
.section{margin-bottom:12px}
.door-info .box-body{font-size:11pt}
.order-facts th,.order-facts td{font-size:7pt}
.order-facts td{font-size:9pt}
.columns>.box{margin:0}
.freight{margin-top:4px;font-size:9pt;color:#3e4c59}
.bottom{display:flex;gap:18px;align-items:flex-start;break-inside:avoid;page-break-inside:avoid}
.bottom .drawings{flex:1 1 0;min-width:0}
.drawings ul{margin:0;padding-left:16px}
`;

const KNOWN_STATUSES = ['pending', 'processed', 'scheduled_to_ship', 'completed', 'voided'];

/** A price row of the totals, left out when the order does not price that part. */
function PriceRow({ label, value }: { label: string; value: Money | null | undefined }) {
  if (value === null || value === undefined || value === '') return null;
  return <AmountRow label={label} shown={money(value)} />;
}

/** The shop-floor order sheet as a complete HTML document (Letter, 'Page X of Y' footer). */
export function renderOrderPrintHtml(doc: OrderPrintDocument): string {
  const door = text(doc.door_number);
  const statusClass = KNOWN_STATUSES.includes(doc.status) ? `status-${doc.status}` : 'status-other';
  const specs = buildingSpecs(doc.building);
  const special = text(doc.special_delivery_info);
  const drawings = (doc.drawings ?? []).filter((d) => text(d.filename));
  const { totals, building } = doc;
  const body = (
    <>
      <header className="order-head">
        <div>
          <div className="company-name">{text(doc.company.name)}</div>
          <h1>Order</h1>
          {text(doc.printed_at) && <div className="printed">Printed {usDate(doc.printed_at)}</div>}
        </div>
        {doc.status === 'voided' && <div className="void-stamp">VOIDED</div>}
        <div className="door">
          <div className="door-label">Door #</div>
          <div className="door-number">{door}</div>
          <div className={`status ${statusClass}`}>{statusLabel(doc.status)}</div>
        </div>
      </header>

      <FactsRow
        className="order-facts"
        facts={[
          ['Order Date', usDate(doc.date)],
          ['Ship Date', usDate(doc.ship_date)],
          ['Ship Via', text(doc.ship_via)],
          ['EPS PO #', text(doc.eps_po_number)],
          ['Customer PO / Job', text(doc.customer_po_job_name)],
          ['PO Delivery', usDate(doc.po_delivery_date)],
          ['Invoice #', text(doc.invoice_number)],
          ['B/L #', text(doc.bol_number)],
        ]}
      />

      <div className="columns">
        <Box title="Customer">
          <div className="customer-name">
            {text(doc.customer_name) || text(doc.billing_address.name) || '—'}
          </div>
          {text(doc.phone) && <div>Phone {text(doc.phone)}</div>}
        </Box>
        <Box title="Billing Address">
          <Address address={doc.billing_address} />
        </Box>
        <Box title="Shipping Address">
          <Address address={doc.shipping_address} />
        </Box>
      </div>

      <Box title="Building" className="section">
        <div className="building-title">{buildingTitle(building)}</div>
        {specs.length > 0 && (
          <div className="spec-grid">
            {specs.map(([label, value]) => (
              <div key={label}>
                <div className="spec-label">{label}</div>
                <div className="spec-value">{value}</div>
              </div>
            ))}
          </div>
        )}
      </Box>

      <TextBox title="Door Information" value={text(doc.door_information)} className="section door-info" />
      <div className="columns">
        <TextBox title="Order Notes" value={text(doc.notes)} />
        <TextBox title="Special Delivery Information" value={special}>
          {nonZero(doc.freight_cost) && (
            <div className="freight">Freight Cost: {money(doc.freight_cost)}</div>
          )}
        </TextBox>
      </div>

      <PricedItemsTable
        className="section"
        descriptionLabel="Additional Item"
        priceLabel="Price"
        emptyText="No additional items"
        rows={doc.additional_items.map((item) => ({ ...item, description: item.item }))}
      />

      <div className="bottom">
        <div className="drawings">
          <Box title="Attached Drawings">
            {drawings.length === 0 ? (
              <div className="muted">None</div>
            ) : (
              <ul>
                {drawings.map((d, i) => (
                  <li key={i}>
                    {text(d.label) ? `${text(d.label)}: ` : ''}
                    {text(d.filename)}
                  </li>
                ))}
              </ul>
            )}
          </Box>
        </div>
        <table className="totals">
          <tbody>
            <PriceRow label="Building" value={building.price} />
            <PriceRow label="Door Type" value={building.door_type_price} />
            <PriceRow label="Door Cladding" value={building.door_cladding_price} />
            <PriceRow label="Additional Items" value={totals.additional_items_total} />
            <PriceRow label="Freight" value={nonZero(doc.freight_cost) ? doc.freight_cost : null} />
            <AmountRow label="Subtotal" shown={money(totals.subtotal)} className="strong" />
            <DiscountAndTaxRows totals={totals} />
            <AmountRow label="Total" shown={money(totals.total)} className="balance" />
          </tbody>
        </table>
      </div>
    </>
  );
  return renderDocument({
    title: `Order ${door}`,
    footer: [`Order Door # ${footerPart(door)}`, footerPart(doc.company.name)],
    css: ORDER_CSS,
    body,
  });
}
