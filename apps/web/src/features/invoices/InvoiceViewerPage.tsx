import { useEffect, useRef, useState } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { LIMITS } from '@icehouse/domain';
import { Button } from '../../components/Button';
import { useHttpClient } from '../../lib/httpContext';
import { Notice } from '../../components/Notice';
import { errorStatus } from '../../lib/query';
import { fetchInvoicePdf, printAndClose } from './pdf';
import { openPdf, type PdfDocument } from './pdfjs';
import { INVOICE_TEXT } from './texts';
import { invoiceIdParam } from './types';

type Phase = 'loading' | 'rendering' | 'ready' | 'printing' | 'printed' | 'error';

/** How long a blob URL opened in a new tab is kept before it is released. */
const OPENED_URL_LIFETIME_MS = 60_000;

/**
 * /invoices/{id}/view (invoices spec §2, §4, §9): the invoice PDF, with no header. A sticky bar
 * titled 'Invoice PDF' with Print (opens the PDF in a new tab) and 'Loading…' while it loads. The
 * pages are drawn by pdf.js (bundled with the app), one canvas per page at scale 1.2.
 *
 * With `?auto=1` it prints instead: a hidden frame prints the PDF, and the tab tries to close
 * after printing, on refocus (300 ms later) or after 120 seconds at most.
 */
export function InvoiceViewerPage() {
  const id = invoiceIdParam(useParams().id);
  const [searchParams] = useSearchParams();
  const auto = searchParams.get('auto') === '1';
  const httpClient = useHttpClient();
  const [attempt, setAttempt] = useState(0);
  const [phase, setPhase] = useState<Phase>('loading');
  const [error, setError] = useState<string | null>(null);
  const [notFound, setNotFound] = useState(false);
  const [pdf, setPdf] = useState<Blob | null>(null);
  const [doc, setDoc] = useState<PdfDocument | null>(null);
  const canvases = useRef<(HTMLCanvasElement | null)[]>([]);

  // Fetch the PDF, then print it (auto) or open it with pdf.js.
  useEffect(() => {
    if (id === null) return;
    let cancelled = false;
    let opened: PdfDocument | null = null;
    let stopPrinting: (() => void) | null = null;
    setPhase('loading');
    setError(null);
    setNotFound(false);
    setDoc(null);
    (async () => {
      let blob: Blob;
      try {
        blob = await fetchInvoicePdf(id, httpClient);
      } catch (failure) {
        if (cancelled) return;
        console.error('The invoice PDF failed', failure);
        setNotFound(errorStatus(failure) === 404);
        setError(INVOICE_TEXT.pdfError);
        setPhase('error');
        return;
      }
      if (cancelled) return;
      setPdf(blob);
      if (auto) {
        setPhase('printing');
        stopPrinting = printAndClose(blob, { onStillOpen: () => setPhase('printed') });
        return;
      }
      try {
        const data = new Uint8Array(await blob.arrayBuffer());
        opened = await openPdf(data);
      } catch (failure) {
        if (cancelled) return;
        console.error('The invoice PDF could not be read', failure);
        setError(INVOICE_TEXT.pdfRenderError);
        setPhase('error');
        return;
      }
      if (cancelled) {
        void opened.destroy();
        return;
      }
      setPhase('rendering');
      setDoc(opened);
    })();
    return () => {
      cancelled = true;
      stopPrinting?.();
      if (opened) void opened.destroy();
    };
  }, [id, auto, attempt, httpClient]);

  const pageCount = doc?.numPages ?? 0;

  // Draw each page into its canvas, one after another.
  useEffect(() => {
    if (!doc) return;
    let cancelled = false;
    const tasks: { cancel: () => void }[] = [];
    (async () => {
      try {
        for (let number = 1; number <= doc.numPages; number += 1) {
          if (cancelled) return;
          const page = await doc.getPage(number);
          const canvas = canvases.current[number - 1];
          if (cancelled || !canvas) return;
          const viewport = page.getViewport({ scale: LIMITS.pdfRenderScale });
          const ratio = window.devicePixelRatio || 1;
          canvas.width = Math.floor(viewport.width * ratio);
          canvas.height = Math.floor(viewport.height * ratio);
          // The CSS width is the page's; the height follows the canvas's proportions (h-auto), so a
          // narrow window shrinks the page without stretching it.
          canvas.style.width = `${Math.floor(viewport.width)}px`;
          const task = page.render({
            canvas,
            viewport,
            transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0],
          });
          tasks.push(task);
          await task.promise;
        }
        if (!cancelled) setPhase('ready');
      } catch (failure) {
        if (cancelled) return;
        console.error('The invoice PDF could not be drawn', failure);
        setError(INVOICE_TEXT.pdfRenderError);
        setPhase('error');
      }
    })();
    return () => {
      cancelled = true;
      tasks.forEach((task) => task.cancel());
    };
  }, [doc]);

  function openInNewTab() {
    if (!pdf) return;
    const url = URL.createObjectURL(pdf);
    window.open(url, '_blank');
    setTimeout(() => URL.revokeObjectURL(url), OPENED_URL_LIFETIME_MS);
  }

  const missing = id === null || notFound;
  const shownError = id === null ? INVOICE_TEXT.notFound : error;
  const loading = id !== null && (phase === 'loading' || phase === 'rendering');

  return (
    <div className="min-h-dvh bg-slate-100">
      <header className="sticky top-0 z-10 flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 bg-white/95 px-4 py-3 shadow-sm backdrop-blur sm:px-6">
        <div className="flex items-center gap-3">
          <h1 className="text-lg font-semibold text-slate-900">{INVOICE_TEXT.viewerTitle}</h1>
          {loading && (
            <span role="status" className="text-sm text-slate-600">
              {INVOICE_TEXT.viewerLoading}
            </span>
          )}
        </div>
        <Button variant="primary" disabled={!pdf} onClick={openInNewTab}>
          {INVOICE_TEXT.print}
        </Button>
      </header>
      <main className="flex flex-col items-center gap-4 px-2 py-6">
        {shownError && (
          <Notice
            tone="error"
            className="w-full max-w-2xl"
            action={
              missing ? undefined : (
                <Button size="sm" onClick={() => setAttempt((n) => n + 1)}>
                  {INVOICE_TEXT.retry}
                </Button>
              )
            }
          >
            {missing ? INVOICE_TEXT.notFound : shownError}
          </Notice>
        )}
        {phase === 'printing' && (
          <p role="status" className="text-sm text-slate-700">
            {INVOICE_TEXT.autoPrinting}
          </p>
        )}
        {phase === 'printed' && (
          <p role="status" className="text-sm text-slate-700">
            {INVOICE_TEXT.printDone}
          </p>
        )}
        {!auto &&
          Array.from({ length: pageCount }, (_, index) => (
            <canvas
              key={index}
              ref={(element) => {
                canvases.current[index] = element;
              }}
              role="img"
              aria-label={INVOICE_TEXT.pageLabel(index + 1, pageCount)}
              className="h-auto max-w-full bg-white shadow-md"
            />
          ))}
      </main>
    </div>
  );
}

export default InvoiceViewerPage;
