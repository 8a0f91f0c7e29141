import type { AppDeps } from '../../deps';
import { getCompanyInfo } from '../company/service';
import type { ArchivedPdf } from '../documents/archive';
import { logLinkEvent, pdfThroughLink, resolveLink, type LinkCaller } from '../links/links';
import { statementPdf } from './statement-pdf';
import { statementNumberOf, statementRow } from './statement-read';

/**
 * A statement through a customer link (decisions 161, 202): its key figures and its PDF, as issued.
 * Nothing here reads a session or answers anything of the staff's (who issued it, the batch, emails,
 * other documents of the customer); every use is checked by the generic resolver and logged.
 */

export async function customerStatementPage(deps: Pick<AppDeps, 'database'>, caller: LinkCaller, id: number) {
  const db = deps.database.db;
  const link = await resolveLink(db, caller, 'statement', id);
  await logLinkEvent(db, link, caller, 'view');
  const [row, company] = await Promise.all([statementRow(db, id), getCompanyInfo(deps)]);
  return {
    ...row.figures,
    statement_number: statementNumberOf(row.id),
    company_name: company.name,
    customer_name: row.customerName,
  };
}

export async function customerStatementPdf(
  deps: Pick<AppDeps, 'database' | 'pdf' | 'blobs'>,
  caller: LinkCaller,
  id: number,
): Promise<ArchivedPdf> {
  return pdfThroughLink(deps.database.db, caller, 'statement', id, () => statementPdf(deps, id, null));
}
