import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { Button } from '../../components/Button';
import { Notice } from '../../components/Notice';
import { formatDate } from '../../lib/format';
import { StatementFigures, type StatementShown } from './StatementFigures';
import { customerLinkClient as client, downloadThroughLink, useLinkToken, useSeller } from '../quotes/customerLink';
import { SellerContactLine } from '../quotes/SellerContactLine';

/**
 * The page a statement's customer link opens (/customer/statement/:id#token; decisions 161, 202): the
 * statement as issued (opening, entries, closing, aging) and its PDF. Outside the signed-in app: no
 * session is read or made; it calls only /api/customer/statements/, the token in the X-Customer-Link header.
 */
interface CustomerStatement extends StatementShown {
  statement_number: string;
  company_name: string;
  customer_name: string;
}

export function CustomerStatementPage() {
  const { id } = useParams();
  const token = useLinkToken();
  const seller = useSeller();
  const [statement, setStatement] = useState<CustomerStatement | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const base = `/api/customer/statements/${id ?? '0'}/`;

  useEffect(() => {
    void (async () => {
      const res = await client.fetch(base, { headers: { 'X-Customer-Link': token, Accept: 'application/json' } });
      const body = (await res.json().catch(() => ({}))) as CustomerStatement & { detail?: string };
      // A link repaired in the same tab loads again, and what the broken one said goes.
      setStatement(res.ok ? body : null);
      setProblem(res.ok ? null : (body.detail ?? 'This link does not work.'));
    })();
  }, [base, token]);

  async function downloadPdf() {
    if (!(await downloadThroughLink(`${base}pdf/`, token, `statement-${statement?.statement_number ?? ''}.pdf`)))
      setProblem('The PDF could not be opened. Please try again.');
  }

  return (
    <main className="mx-auto flex max-w-3xl flex-col gap-4 p-4 sm:p-8">
      {problem && (
        <Notice tone="error">
          <p>{problem}</p>
          {seller && <SellerContactLine seller={seller} lead="Whom to ask:" />}
        </Notice>
      )}
      {statement && (
        <>
          <header className="flex flex-wrap items-baseline justify-between gap-2">
            <div>
              <p className="text-sm text-slate-600">{statement.company_name}</p>
              <h1 className="text-2xl font-semibold text-slate-900">{`Statement ${statement.statement_number}`}</h1>
              <p className="text-sm text-slate-600">{`For ${statement.customer_name} · ${formatDate(statement.from)} to ${formatDate(statement.to)}`}</p>
            </div>
            <Button onClick={() => void downloadPdf()}>Download PDF</Button>
          </header>
          <StatementFigures statement={statement} />
        </>
      )}
    </main>
  );
}
