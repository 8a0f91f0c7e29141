import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { buildingTypeLabel, formatMoney, formatUsDate, parseMoney } from '@icehouse/domain';
import type { Money, PdfAddress, PdfBuilding, PdfCompany, Text } from './types';

/**
 * What the three documents share: formatting helpers (format only, never compute), the letterhead,
 * address blocks, the base stylesheet and the HTML shell. Everything is rendered with React's
 * renderToStaticMarkup, so every piece of data is escaped; the only data that reaches CSS (the
 * footer label) goes through cssString().
 */

// ---------------------------------------------------------------------------------------------
// Formatting

/**
 * A value shortened for the page footer (one line under every page): the body prints it in full,
 * the footer only identifies the document, so a 200-character number ends in '…' there.
 */
export function footerPart(value: Text, max = 48): string {
  const chars = Array.from(text(value));
  return chars.length <= max ? chars.join('') : `${chars.slice(0, max - 1).join('')}…`;
}

/** Trimmed text; '' for null, undefined and blanks. */
export function text(value: Text): string {
  return typeof value === 'string' ? value.trim() : '';
}

/** "$1,250.00" (null and blanks print as $0.00). */
export function money(value: Money | null | undefined): string {
  return formatMoney(value);
}

/** "MM/DD/YYYY" from an ISO date; '' when blank. */
export function usDate(value: string | null | undefined): string {
  return formatUsDate(value ?? '');
}

/** "2", "1.5" (no trailing zeros); text that is not a number prints as given. */
export function quantity(value: Money | null | undefined): string {
  const parsed = parseMoney(value);
  return parsed === null ? text(typeof value === 'string' ? value : '') : parsed.toFixed();
}

/** "8.25%", "8%". */
export function percent(value: Money | null | undefined): string {
  const parsed = parseMoney(value);
  return `${parsed === null ? '0' : parsed.toDecimalPlaces(4).toFixed()}%`;
}

/** The tax row's label: 'Sales Tax (8.25%)', or 'Sales Tax (Exempt)'. */
export function salesTaxLabel(totals: { tax_rate: Money; tax_exempt: boolean }): string {
  return totals.tax_exempt ? 'Sales Tax (Exempt)' : `Sales Tax (${percent(totals.tax_rate)})`;
}

/** True when the amount is not zero (to leave empty discount rows out). */
export function nonZero(value: Money | null | undefined): boolean {
  const parsed = parseMoney(value);
  return parsed !== null && !parsed.isZero();
}

/**
 * A CSS string literal holding `value`: every character other than letters, digits, space and
 * . , # : ( ) - is written as a CSS hex escape, so nothing can end the string, the rule or the
 * style element.
 */
export function cssString(value: string): string {
  let out = '"';
  for (const ch of value) {
    out += /^[A-Za-z0-9 .,#:()-]$/.test(ch) ? ch : `\\${(ch.codePointAt(0) ?? 0xfffd).toString(16)} `;
  }
  return `${out}"`;
}

const US = /^(us|usa|u\.s\.a?\.?|united states( of america)?)$/i;

/** Name, street, "City, ST 12345" and (outside the US) the country: blank parts left out. */
export function addressLines(address: PdfAddress | null | undefined): string[] {
  if (!address) return [];
  const city = text(address.city);
  const stateZip = [text(address.state).toUpperCase(), text(address.zip_code)].filter(Boolean).join(' ');
  const country = text(address.country);
  return [
    text(address.name),
    text(address.street),
    [city, stateZip].filter(Boolean).join(', '),
    country && !US.test(country) ? country : '',
  ].filter(Boolean);
}

/** Company info as the database keeps it (spec: remit-to fields fall back to the company's address). */
export interface CompanyInfoLike {
  name: string;
  street?: Text;
  city?: Text;
  state?: Text;
  zip_code?: Text;
  remit_payment_name?: Text;
  remit_payment_street?: Text;
  remit_payment_city?: Text;
  remit_payment_state?: Text;
  remit_payment_zip_code?: Text;
}

/** The invoice's remit-to address: the remit_payment_* fields, or the company address when they are all blank. */
export function resolveRemitTo(company: CompanyInfoLike): PdfAddress {
  const remit: PdfAddress = {
    name: text(company.remit_payment_name),
    street: text(company.remit_payment_street),
    city: text(company.remit_payment_city),
    state: text(company.remit_payment_state),
    zip_code: text(company.remit_payment_zip_code),
  };
  const blank = Object.values(remit).every((v) => v === '');
  if (!blank) return { ...remit, name: remit.name || company.name };
  return {
    name: company.name,
    street: company.street,
    city: company.city,
    state: company.state,
    zip_code: company.zip_code,
  };
}

/** 'Walk-in Cooler (Freezer/Cooler Unit)': the description, with the type when it does not already say it. */
export function buildingTitle(building: PdfBuilding): string {
  const description = text(building.description);
  const type = buildingTypeLabel(text(building.building_type) || null);
  if (description && type && !description.toLowerCase().includes(type.toLowerCase())) {
    return `${description} (${type})`;
  }
  return description || type || 'Building';
}

/** The building's chosen options as [label, value], blank ones left out. */
export function buildingSpecs(building: PdfBuilding): [label: string, value: string][] {
  const specs: [string, string][] = [
    ['Size', text(building.size)],
    ['Thickness', text(building.thickness)],
    ['Door Type', text(building.door_type)],
    ['Hinge Side', text(building.hinge_side)],
    ['Door Cladding', text(building.door_cladding)],
    ['Roof Color', text(building.roof_color)],
    ['Siding Color', text(building.siding_color)],
  ];
  return specs.filter(([, value]) => value !== '');
}

// ---------------------------------------------------------------------------------------------
// Shared pieces

export function Lines({ lines, className }: { lines: string[]; className?: string }) {
  return (
    <div className={className}>
      {lines.map((line, i) => (
        <div key={i}>{line}</div>
      ))}
    </div>
  );
}

export function Address({
  address,
  empty = '—',
}: {
  address: PdfAddress | null | undefined;
  empty?: string;
}) {
  const lines = addressLines(address);
  if (lines.length === 0) return <div className="muted">{empty}</div>;
  const [first, ...rest] = lines;
  return (
    <div className="address">
      <div className="address-name">{first}</div>
      {rest.map((line, i) => (
        <div key={i}>{line}</div>
      ))}
    </div>
  );
}

export function Box({
  title,
  children,
  className,
}: {
  title: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section className={className ? `box ${className}` : 'box'}>
      <h2 className="box-title">{title}</h2>
      <div className="box-body">{children}</div>
    </section>
  );
}

/** Company name, address and contacts on the left; the document's title and key numbers on the right. */
export function Letterhead({
  company,
  title,
  children,
}: {
  company: PdfCompany;
  title: string;
  children?: ReactNode;
}) {
  const address = addressLines({ ...company, name: '' });
  const contacts = [
    text(company.phone) && `Phone ${text(company.phone)}`,
    text(company.fax) && `Fax ${text(company.fax)}`,
  ].filter(Boolean);
  const online = [text(company.email), text(company.website)].filter(Boolean);
  return (
    <header className="letterhead">
      <div className="company">
        <div className="company-name">{text(company.name)}</div>
        <div className="company-lines">
          {address.map((line, i) => (
            <div key={i}>{line}</div>
          ))}
          {contacts.length > 0 && <div>{contacts.join('  ·  ')}</div>}
          {online.length > 0 && <div>{online.join('  ·  ')}</div>}
        </div>
      </div>
      <div className="doc-title">
        <h1>{title}</h1>
        {children}
      </div>
    </header>
  );
}

/** A one-row table of labelled values (dates, numbers, terms); cells with blank values print empty. */
export function FactsRow({
  facts,
  className,
}: {
  facts: [label: string, value: string][];
  className?: string;
}) {
  return (
    <table className={className ? `facts ${className}` : 'facts'}>
      <thead>
        <tr>
          {facts.map(([label]) => (
            <th key={label}>{label}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        <tr>
          {facts.map(([label, value]) => (
            <td key={label}>{value}</td>
          ))}
        </tr>
      </tbody>
    </table>
  );
}

// ---------------------------------------------------------------------------------------------
// Stylesheet and shell

const ACCENT = '#1e3a5f';

const BASE_CSS = `
*{box-sizing:border-box}
html{-webkit-print-color-adjust:exact;print-color-adjust:exact}
/* overflow-wrap is inherited: every box wraps a long unbroken word rather than overflowing */
body{margin:0;overflow-wrap:anywhere;word-break:normal;font-family:"Liberation Sans",Arial,Helvetica,"DejaVu Sans",sans-serif;font-size:9.5pt;line-height:1.35;color:#1f2933}
h1,h2,h3,p{margin:0}
table{border-collapse:collapse;width:100%}
thead{display:table-header-group}
tfoot{display:table-footer-group}
tr{break-inside:avoid;page-break-inside:avoid}
th{text-align:left;font-weight:bold}
.num{text-align:right;white-space:nowrap;font-variant-numeric:tabular-nums}
.center{text-align:center}
.muted{color:#7b8794}
.pre{white-space:pre-line}
.keep{break-inside:avoid;page-break-inside:avoid}
.letterhead{display:flex;justify-content:space-between;align-items:flex-start;gap:24px;border-bottom:2.5px solid ${ACCENT};padding-bottom:10px;margin-bottom:14px}
.company{flex:1 1 0;min-width:0}
.company-name{font-size:17pt;font-weight:bold;color:${ACCENT};line-height:1.15}
.company-lines{font-size:8.5pt;color:#3e4c59;margin-top:4px;line-height:1.4}
.doc-title{text-align:right;flex:0 1 auto;min-width:0;max-width:45%}
.doc-title h1{font-size:22pt;line-height:1;letter-spacing:0.06em;text-transform:uppercase;color:${ACCENT}}
.meta{width:auto;margin:8px 0 0 auto}
.meta th,.meta td{border:1px solid #9aa5b1;padding:3px 10px;font-size:8.5pt;text-align:center}
.meta th,.meta td:first-child{white-space:nowrap}
.meta th{background:#e4e9f0;color:#323f4b;font-size:7.5pt;text-transform:uppercase;letter-spacing:0.04em}
.meta td{font-weight:bold}
.box{border:1px solid #9aa5b1;break-inside:avoid;page-break-inside:avoid}
.box-title{background:#e4e9f0;color:#323f4b;padding:3px 8px;font-size:7.5pt;font-weight:bold;text-transform:uppercase;letter-spacing:0.05em;border-bottom:1px solid #9aa5b1}
.box-body{padding:6px 8px}
.address{line-height:1.4}
.address-name{font-weight:bold}
.columns{display:flex;gap:12px;margin-bottom:12px}
.columns>*{flex:1 1 0;min-width:0}
.facts{margin-bottom:12px;table-layout:fixed}
.facts th,.facts td{border:1px solid #9aa5b1;padding:3px 6px;text-align:center}
.facts th{background:#e4e9f0;color:#323f4b;font-size:7.5pt;text-transform:uppercase;letter-spacing:0.04em}
.facts td{height:20px}
.items th{background:${ACCENT};color:#fff;padding:5px 6px;font-size:8pt;text-transform:uppercase;letter-spacing:0.04em}
.items td{padding:4px 6px;border-bottom:1px solid #d9e2ec;vertical-align:top}
.items tbody tr:nth-child(even) td{background:#f5f7fa}
.items .qty{width:0.6in;text-align:center}
.items .money{width:1.05in}
.totals{width:3.2in;margin-left:auto}
.totals td{padding:3px 8px}
.totals td.num{width:1.2in}
.totals .strong td{border-top:1.5px solid ${ACCENT};font-weight:bold;font-size:10.5pt}
.totals .balance td{background:${ACCENT};color:#fff;font-weight:bold;font-size:10.5pt}
`;

const FOOTER_STYLE =
  'font-family:"Liberation Sans",Arial,"DejaVu Sans",sans-serif;font-size:7.5pt;color:#616e7c';

/**
 * Letter paper; the document's label and 'Page X of Y' in the bottom margin on every page. A document
 * that gains pages after rendering (the build sheet's drawings) leaves the numbers out and numbers the
 * finished file itself (`numberPages` in pdf/page-numbers.ts), or its count would be the sheet's alone.
 */
function pageCss(footerLabel: string, pageNumbers: boolean): string {
  const numbers = pageNumbers
    ? `@bottom-right{content:"Page " counter(page) " of " counter(pages);${FOOTER_STYLE};width:25%;white-space:nowrap;vertical-align:top;padding-top:0.18in}`
    : '';
  return `
@page{size:Letter;margin:0.5in 0.5in 0.65in 0.5in;
@bottom-left{content:${cssString(footerLabel)};${FOOTER_STYLE};width:75%;vertical-align:top;padding-top:0.18in}
${numbers}}
`;
}

/** Nothing in the document may load anything but inline styles and data: images (defence in depth). */
const CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; font-src data:";

/** A complete HTML document: doctype, CSP, the shared and the document's styles, the body. */
export function renderDocument(options: {
  title: string;
  /** What identifies the document in every page's footer: its parts, blanks left out, joined by ' · '. */
  footer: string[];
  css: string;
  body: ReactNode;
  /** false: the pages are numbered after pages are added to the file (default true). */
  pageNumbers?: boolean;
}): string {
  const footerLabel = options.footer.filter(Boolean).join('  ·  ');
  const markup = renderToStaticMarkup(
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta httpEquiv="Content-Security-Policy" content={CSP} />
        <title>{options.title}</title>
        <style>{BASE_CSS + pageCss(footerLabel, options.pageNumbers ?? true) + options.css}</style>
      </head>
      <body>{options.body}</body>
    </html>,
  );
  return `<!doctype html>${markup}`;
}
