import { useEffect, useState } from 'react';
import { FormProvider, useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { invoicePatchSchema } from '@icehouse/domain';
import { saveErrorMessage, serverErrorData, serverFieldErrors } from '../../lib/errors';
import { useHttpClient } from '../../lib/httpContext';
import { trpc } from '../../lib/trpc';
import { AddressFields } from './AddressFields';
import { InvoiceDetailsFields } from './InvoiceDetailsFields';
import { InvoiceEditorHeader, type Busy } from './InvoiceEditorHeader';
import { InvoiceEditorNotice, type EditorNotice } from './InvoiceEditorNotice';
import { LineItemsTable } from './LineItemsTable';
import { TotalsBox } from './TotalsBox';
import { DocumentsSection } from '../documents/DocumentsSection';
import { EmailDialog } from '../email/EmailDialog';
import { SentLog } from '../email/SentLog';
import { LiveRecordNotices, OverwriteDialog } from '../live-record/LiveRecordNotices';
import { useLiveRecord } from '../live-record/useLiveRecord';
import { invoiceFieldLabel } from './fieldLabels';
import { PaymentsSection } from './PaymentsSection';
import { CreditNotesSection } from '../credit/CreditNotesSection';
import { CustomerLinksSection } from '../quotes/CustomerLinksSection';
import type { PaymentRecorded } from './RecordPaymentForm';
import { isInvoiceField, placeServerErrors } from './formErrors';
import { PRINT_FRAME_TITLE, fetchInvoicePdf } from './pdf';
import { printPdfInFrame, saveBlob } from '../../lib/pdfFiles';
import { INVOICE_TEXT } from './texts';
import { serverMessage } from '../../lib/errors';
import {
  invoiceFileName,
  toFormValues,
  type InvoiceDetail,
  type InvoiceFormOutput,
  type InvoiceFormValues,
} from './types';

const resolver = zodResolver(invoicePatchSchema) as unknown as Resolver<
  InvoiceFormValues,
  unknown,
  InvoiceFormOutput
>;

export interface InvoiceEditorProps {
  /** The invoice as last read from the server. */
  invoice: InvoiceDetail;
  /** Read the invoice again and start over from it (after a conflict). */
  onReload: () => Promise<void>;
}

/**
 * The invoice editor's form (invoices spec §2, §4, §5, §7). Shaped like the PATCH body and checked
 * by the domain's invoicePatchSchema; totals are the domain's, live. Save sends the version read,
 * so a save over someone else's change is refused (409): the editor says so, keeps what was typed
 * on screen and offers to reload. Print saves first, then prints through a hidden frame; Download
 * saves the stored invoice's PDF as invoice-{number}.pdf. Live: someone else's save shows
 * a banner (Reload / Keep mine), and who else has the invoice open is shown (useLiveRecord).
 */
export function InvoiceEditor({ invoice, onReload }: InvoiceEditorProps) {
  const httpClient = useHttpClient();
  const utils = trpc.useUtils();
  const update = trpc.invoices.update.useMutation();
  const [saved, setSaved] = useState(invoice);
  const [busy, setBusy] = useState<Busy>(null);
  const [notice, setNotice] = useState<EditorNotice | null>(null);
  const [emailOpen, setEmailOpen] = useState(false);

  const form = useForm<InvoiceFormValues, unknown, InvoiceFormOutput>({
    resolver,
    mode: 'onTouched',
    defaultValues: toFormValues(invoice),
  });
  const {
    handleSubmit,
    reset,
    setError,
    getValues,
    formState: { isDirty },
  } = form;

  // Closing the tab or reloading the page with unsaved changes asks first.
  useEffect(() => {
    if (!isDirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [isDirty]);

  /** Makes `view` the editor's invoice; keepChanges keeps what the user typed on top of it. */
  function adopt(view: InvoiceDetail, keepChanges: boolean) {
    setSaved(view);
    reset(toFormValues(view), keepChanges ? { keepDirtyValues: true } : undefined);
    utils.invoices.get.setData({ id: view.id }, view);
    // The Payments section's status follows the invoice's (a due date moves it to Overdue).
    void utils.payments.forInvoice.invalidate({ invoiceId: view.id });
    setNotice(null);
  }

  async function persist(data: InvoiceFormOutput): Promise<InvoiceDetail | null> {
    try {
      // Payments/Credits is the payments ledger's sum: the editor never sends it, so a
      // save cannot record an adjustment; payments are recorded in the Payments section.
      const { payments_credits: _ledgerSum, ...editable } = data.editable_data ?? {};
      const result = await update.mutateAsync({
        id: saved.id,
        data: { ...data, ...(data.editable_data ? { editable_data: editable } : {}), version: saved.version },
      });
      setSaved(result);
      reset(toFormValues(result));
      utils.invoices.get.setData({ id: result.id }, result);
      void utils.invoices.list.invalidate();
      // The Payments section's status and balance follow the saved invoice (due date, total).
      void utils.payments.forInvoice.invalidate({ invoiceId: result.id });
      // The orders' Invoice Number follows the invoice's number.
      void utils.orders.invalidate();
      return result;
    } catch (error) {
      const data = serverErrorData(error);
      if (data?.appCode === 'CONFLICT' || data?.httpStatus === 409) {
        setNotice({ kind: 'conflict' });
        return null;
      }
      const fieldErrors = serverFieldErrors(error);
      if (fieldErrors) {
        const lineCount = getValues('editable_data.line_items').length;
        const unplaced = placeServerErrors(setError, fieldErrors, (path) => isInvoiceField(path, lineCount));
        setNotice({
          kind: 'error',
          text: unplaced.length > 0 ? unplaced.join(' ') : INVOICE_TEXT.checkFields,
        });
        return null;
      }
      setNotice({ kind: 'error', text: saveErrorMessage(error, INVOICE_TEXT.saveError) });
      return null;
    }
  }

  /** Checks and saves the form; the saved invoice, or null when it was not saved (the notice says why). */
  async function save(): Promise<InvoiceDetail | null> {
    let result: InvoiceDetail | null = null;
    await handleSubmit(
      async (data) => {
        result = await persist(data);
      },
      () => setNotice({ kind: 'error', text: INVOICE_TEXT.checkFields }),
    )();
    return result;
  }

  async function run(kind: Exclude<Busy, null>, action: () => Promise<void>) {
    if (busy !== null) return;
    setBusy(kind);
    setNotice(null);
    try {
      await action();
    } finally {
      setBusy(null);
    }
  }

  const onSave = () =>
    run('save', async () => {
      if (await save()) setNotice({ kind: 'success', text: INVOICE_TEXT.saved });
    });

  const live = useLiveRecord({
    kind: 'invoice',
    record: saved,
    form,
    fetchLatest: (id) => utils.client.invoices.get.query({ id }),
    adopt,
    valuesOf: toFormValues,
    save: onSave,
    fieldLabel: invoiceFieldLabel,
  });

  const onDownload = () =>
    run('download', async () => {
      try {
        saveBlob(await fetchInvoicePdf(saved.id, httpClient), invoiceFileName(saved));
        // A changed invoice was rendered as a new version: the Documents list shows it.
        void utils.documents.forInvoice.invalidate({ id: saved.id });
      } catch (error) {
        console.error('The invoice PDF failed', error);
        setNotice({ kind: 'error', text: INVOICE_TEXT.pdfError });
      }
    });

  const onPrint = () =>
    run('print', async () => {
      const result = await save();
      if (!result) return;
      try {
        printPdfInFrame(await fetchInvoicePdf(result.id, httpClient), { title: PRINT_FRAME_TITLE });
        void utils.documents.forInvoice.invalidate({ id: result.id });
      } catch (error) {
        console.error('The invoice PDF failed', error);
        setNotice({ kind: 'error', text: INVOICE_TEXT.pdfError });
      }
    });

  /** A payment was recorded or reversed: the new sum and version, without touching what is being edited. */
  function paymentsChanged(summary: PaymentRecorded['invoice']) {
    setSaved((current) => ({
      ...current,
      version: summary.version,
      status: summary.status,
      balance_due: summary.balance_due,
      editable_data: { ...current.editable_data, payments_credits: summary.paid },
      totals: {
        ...current.totals,
        payments_credits: summary.paid,
        balance_due: summary.balance_due,
        credit: summary.credit,
      },
    }));
    void utils.invoices.get.invalidate({ id: saved.id });
  }

  const onReloadClick = () =>
    run('reload', async () => {
      await onReload();
    });

  return (
    <FormProvider {...form}>
      <form
        noValidate
        aria-label={INVOICE_TEXT.editorTitle}
        onSubmit={(event) => {
          event.preventDefault();
          void live.guardedSave();
        }}
        className="flex flex-col gap-4"
      >
        <InvoiceEditorHeader
          saved={saved}
          isDirty={isDirty}
          busy={busy}
          onDownload={() => void onDownload()}
          onPrint={() => void onPrint()}
          onEmail={() => setEmailOpen(true)}
        />

        <LiveRecordNotices
          kind="invoice"
          remote={live.remote}
          viewers={live.viewers}
          onTakeTheirs={() => void live.takeTheirs()}
          onKeepMine={live.keepMine}
          reloadQuestion={live.reloadQuestion}
          onConfirmReload={live.confirmReload}
          onCancelReload={live.cancelReload}
        />

        <InvoiceEditorNotice
          notice={notice}
          busy={busy}
          onReloadClick={() => void onReloadClick()}
          onDismiss={() => setNotice(null)}
        />

        <InvoiceDetailsFields />

        <div className="grid gap-4 md:grid-cols-2">
          <AddressFields which="bill_to" legend={INVOICE_TEXT.billTo} />
          <AddressFields which="ship_to" legend={INVOICE_TEXT.shipTo} />
        </div>

        <LineItemsTable />

        <div className="flex justify-end">
          <div className="w-full md:max-w-md">
            <TotalsBox paymentsCredits={saved.editable_data.payments_credits} />
          </div>
        </div>

        <DocumentsSection of="invoice" id={invoice.id} />
        <SentLog kind="invoice" id={invoice.id} />
      </form>
      <OverwriteDialog
        overwrite={live.overwrite}
        onConfirm={live.confirmOverwrite}
        onCancel={live.cancelOverwrite}
      />
      {emailOpen && (
        <EmailDialog
          kind="invoice"
          id={invoice.id}
          open
          onClose={() => setEmailOpen(false)}
          onQueued={(text) => {
            setNotice({ kind: 'success', text });
            // The email carries a new customer link (decision 210).
            void utils.invoices.links.invalidate();
          }}
        />
      )}
      <div className="mt-4">
        <PaymentsSection invoiceId={saved.id} onChanged={paymentsChanged} />
      </div>
      <div className="mt-4">
        <CreditNotesSection invoiceId={saved.id} onIssued={(answer) => paymentsChanged(answer.invoice)} />
      </div>
      <div className="mt-4">
        <CustomerLinksSection
          of="invoice"
          id={saved.id}
          onError={(e) => setNotice({ kind: 'error', text: serverMessage(e) ?? INVOICE_TEXT.linkError })}
        />
      </div>
    </FormProvider>
  );
}
