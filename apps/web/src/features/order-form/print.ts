import { printPdfInFrame } from '../../lib/pdfFiles';

/** Prints the order's PDF through a hidden frame titled "Print" (spec §9; lib/pdfFiles). */
export function printPdf(pdf: Blob, doc: Document = document): void {
  printPdfInFrame(pdf, { doc, title: 'Print' });
}
