import { LIMITS } from '@icehouse/domain';
import { apiBlob } from '../../lib/api';
import type { HttpClient } from '../../lib/http';
import { printPdfInFrame } from '../../lib/pdfFiles';
import { invoicePdfPath } from './types';

/** Getting an invoice's PDF (saving and printing it: lib/pdfFiles). */

/** GET /api/invoices/{id}/pdf/ as a Blob; throws ApiError when the server cannot make it. */
export function fetchInvoicePdf(id: number, httpClient?: HttpClient): Promise<Blob> {
  return apiBlob(invoicePdfPath(id), {
    headers: { Accept: 'application/pdf' },
    ...(httpClient ? { httpClient } : {}),
  });
}

/** Marks the hidden print frames, so tests and the viewer can find them. */
export const PRINT_FRAME_TITLE = 'Invoice print frame';

export interface PrintAndCloseOptions {
  /** The tab to close; this one by default. */
  win?: Window;
  /** The tab is still open after trying to close it (a browser only lets a script close a tab a script opened). */
  onStillOpen?: () => void;
}

/**
 * The viewer's auto mode (invoices spec §2, §9): prints the PDF through a hidden frame, then
 * tries to close the tab: when the frame says printing is over, when the window gets focus back
 * after the print dialog (300 ms later), or after 120 seconds at most. Returns a function that
 * stops it all (the frame goes, nothing closes).
 */
export function printAndClose(pdf: Blob, options: PrintAndCloseOptions = {}): () => void {
  const win = options.win ?? window;
  const timers: ReturnType<typeof setTimeout>[] = [];
  let printing = false;
  let stopped = false;

  const close = () => {
    if (stopped) return;
    stop();
    win.close();
    // Still running after close(): the browser kept the tab open.
    setTimeout(() => options.onStillOpen?.(), 0);
  };
  const onFocus = () => {
    if (printing && !stopped) timers.push(setTimeout(close, LIMITS.printFrameRemoveDelayMs));
  };
  const stop = () => {
    stopped = true;
    win.removeEventListener('focus', onFocus);
    timers.forEach(clearTimeout);
  };

  win.addEventListener('focus', onFocus);
  timers.push(setTimeout(close, LIMITS.printFrameFallbackMs));
  const removeFrame = printPdfInFrame(pdf, {
    doc: win.document,
    title: PRINT_FRAME_TITLE,
    onBeforePrint: () => {
      printing = true;
    },
    onAfterPrint: close,
  });
  return () => {
    stop();
    removeFrame();
  };
}
