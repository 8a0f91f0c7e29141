import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { Button } from '../../components/Button';
import { Notice } from '../../components/Notice';
import { PageHeader } from '../../components/PageHeader';
import { errorStatus } from '../../lib/query';
import { trpc } from '../../lib/trpc';
import { InvoiceEditor } from './InvoiceEditor';
import { INVOICE_TEXT } from './texts';
import { invoiceIdParam } from './types';

/**
 * /invoices/{id}/edit (invoices spec §2): reads the invoice, then shows the editor. Missing
 * invoices and failed reads say so, with the way back (and Retry when trying again may help).
 */
export function InvoiceEditorPage() {
  const { id: rawId } = useParams();
  const id = invoiceIdParam(rawId);
  const navigate = useNavigate();
  const invoice = trpc.invoices.get.useQuery(
    { id: id ?? 0 },
    { enabled: id !== null, staleTime: 0, refetchOnWindowFocus: false },
  );
  // Each reading the editor starts from gets its own form, so nothing typed leaks into the next.
  const [generation, setGeneration] = useState(0);

  const back = <Button onClick={() => navigate('/invoices')}>{INVOICE_TEXT.back}</Button>;

  if (id === null || (invoice.isError && errorStatus(invoice.error) === 404)) {
    return (
      <section className="flex flex-col gap-4">
        <PageHeader title={INVOICE_TEXT.editorTitle} actions={back} />
        <Notice tone="error">{INVOICE_TEXT.notFound}</Notice>
      </section>
    );
  }

  if (!invoice.data) {
    return (
      <section className="flex flex-col gap-4">
        <PageHeader title={INVOICE_TEXT.editorTitle} actions={back} />
        {invoice.isError ? (
          <Notice
            tone="error"
            action={
              <Button size="sm" onClick={() => void invoice.refetch()}>
                {INVOICE_TEXT.retry}
              </Button>
            }
          >
            {INVOICE_TEXT.loadError}
          </Notice>
        ) : (
          <p role="status" className="text-sm text-slate-600">
            {INVOICE_TEXT.loading}
          </p>
        )}
      </section>
    );
  }

  return (
    <InvoiceEditor
      key={`${invoice.data.id}:${generation}`}
      invoice={invoice.data}
      onReload={async () => {
        const result = await invoice.refetch();
        if (result.data) setGeneration((n) => n + 1);
      }}
    />
  );
}

export default InvoiceEditorPage;
