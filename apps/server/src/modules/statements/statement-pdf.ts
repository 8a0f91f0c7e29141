import type { AppDeps } from '../../deps';
import { getCompanyInfo } from '../company/service';
import { renderStatementHtml, type PdfAddress } from '../../pdf';
import { produceDocument, type ArchivedPdf } from '../documents/archive';
import { pdfCompany, safeFilenamePart } from '../documents/letterhead';
import { liveStatement } from './statement-figures';
import { statementNumberOf, statementRow } from './statement-read';

/**
 * A statement's PDF (decision 200): the invoice's template parts (`pdf/templates/statement.tsx`). An
 * issued statement's is archived as kind `statement` (decision 061) from its figures as issued; the
 * on-screen period's is rendered on request and not archived (nothing was issued).
 */

type Deps = Pick<AppDeps, 'database' | 'pdf' | 'blobs'>;

export const statementFilename = (customerName: string, to: string, number?: string) =>
  `statement-${safeFilenamePart(customerName || 'customer')}-${to}${number ? `-${safeFilenamePart(number)}` : ''}.pdf`;

/** The issued statement's archived PDF: the stored version when its HTML is unchanged, else a new version. */
export async function statementPdf(deps: Deps, id: number, userId: number | null): Promise<ArchivedPdf> {
  const [row, company] = await Promise.all([statementRow(deps.database.db, id), getCompanyInfo(deps)]);
  const number = statementNumberOf(row.id);
  return produceDocument(
    deps,
    {
      kind: 'statement',
      recordId: id,
      recordVersion: null,
      filename: statementFilename(row.customerName, row.periodTo, number),
      html: renderStatementHtml({ company: pdfCompany(company), number, bill_to: row.billTo as PdfAddress, figures: row.figures }),
    },
    userId,
  );
}

/** GET /api/customers/{id}/statement/pdf/?from&to: the period's statement as on screen, rendered now (not archived). */
export async function liveStatementPdf(deps: Deps, customerId: number, input: unknown): Promise<{ filename: string; bytes: Buffer }> {
  const statement = await liveStatement(deps.database.db, customerId, input);
  const company = await getCompanyInfo(deps);
  const html = renderStatementHtml({
    company: pdfCompany(company),
    number: null,
    bill_to: statement.bill_to,
    figures: statement,
  });
  return { filename: statementFilename(statement.customer_name, statement.to), bytes: await deps.pdf.render(html) };
}
