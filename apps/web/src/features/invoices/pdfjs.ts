import { GlobalWorkerOptions, getDocument, type PDFDocumentProxy } from 'pdfjs-dist';
// The worker is bundled with the app and served from its own origin (no CDN): Vite copies the
// file into the build and gives its URL.
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

/**
 * pdf.js, as the invoice viewer uses it. Only the viewer imports this module, and the viewer is
 * loaded lazily, so pdf.js is not part of the app's first download.
 */

GlobalWorkerOptions.workerSrc = workerUrl;

export type PdfDocument = PDFDocumentProxy;

/** Opens a PDF held in memory. Nothing is evaluated as code (the app's CSP forbids it anyway). */
export function openPdf(data: Uint8Array): Promise<PdfDocument> {
  return getDocument({ data, isEvalSupported: false }).promise;
}
