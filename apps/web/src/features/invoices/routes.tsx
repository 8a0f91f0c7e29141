import { Suspense, lazy } from 'react';
import { INVOICE_LOADING_TEXT } from './loadingText';

/**
 * The invoice editor and viewer are loaded when first opened (React.lazy), so pdf.js and the
 * editor's code are not part of the app's first download.
 */
const InvoiceEditorPage = lazy(() => import('./InvoiceEditorPage'));
const InvoiceViewerPage = lazy(() => import('./InvoiceViewerPage'));

function Loading() {
  return (
    <p role="status" className="p-6 text-sm text-slate-600">
      {INVOICE_LOADING_TEXT}
    </p>
  );
}

/** /invoices/{id}/edit, under the header layout. */
export function InvoiceEditorRoute() {
  return (
    <Suspense fallback={<Loading />}>
      <InvoiceEditorPage />
    </Suspense>
  );
}

/** /invoices/{id}/view, signed in but without the header. */
export function InvoiceViewerRoute() {
  return (
    <Suspense fallback={<Loading />}>
      <InvoiceViewerPage />
    </Suspense>
  );
}
