/**
 * PDF documents. Build the renderer once (app start), close it on shutdown:
 *
 *   const pdf = createPdfRenderer({ executablePath: env.CHROME_PATH, logger: log });
 *   const buffer = await pdf.render(renderInvoiceHtml(invoiceDocument));
 *   reply.type('application/pdf').header('content-disposition', `attachment; filename="invoice-${n}.pdf"`);
 *   ...
 *   await pdf.close();
 *
 * Templates are pure functions of plain data (types in ./templates/types) returning complete HTML;
 * they number their own pages ('Page X of Y'), so render() needs no options for them.
 */
export {
  CHROME_ARGS,
  DEFAULT_CHROME_PATHS,
  DEFAULT_MARGIN,
  PAGE_NUMBER_FOOTER,
  PDF_UNAVAILABLE_MESSAGE,
  createPdfRenderer,
  resolveChromePath,
  type PdfLogger,
  type PdfRenderer,
  type PdfRendererOptions,
  type PdfRendererStats,
  type RenderOptions,
} from './renderer';
export { renderInvoiceHtml } from './templates/invoice';
export { renderCreditNoteHtml } from './templates/credit-note';
export { renderBolHtml } from './templates/bill-of-lading';
export { renderOrderPrintHtml } from './templates/order-print';
export { renderQuoteHtml } from './templates/quote';
export { renderStatementHtml } from './templates/statement';
export { renderBuildSheetHtml, type BuildSheetDocument } from './templates/build-sheet';
export { renderMaterialsHtml, type MaterialsDocument } from './templates/materials';
export { renderPurchaseOrderHtml, type PurchaseOrderDocument } from './templates/purchase-order';
export { resolveRemitTo, type CompanyInfoLike } from './templates/layout';
export type * from './templates/types';
