import { rgb, StandardFonts, type PDFDocument } from 'pdf-lib';

/** The footer's size and grey (layout.tsx's FOOTER_STYLE: 7.5 pt, #616e7c). */
const SIZE = 7.5;
const GREY = rgb(0x61 / 255, 0x6e / 255, 0x7c / 255);
/** Letter paper's margins as layout.tsx sets them: 0.5 in right, the footer 0.18 in into the 0.65 in bottom margin. */
const RIGHT = 36;
const BASELINE = 0.65 * 72 - 0.18 * 72 - SIZE;

/**
 * 'Page X of Y' at the bottom right of every page of a finished file, where the rendered documents print
 * theirs: for a document whose pages are counted only once everything is in it (a build sheet and its
 * drawings). Drawn in Helvetica, which every PDF reader has.
 */
export async function numberPages(pdf: PDFDocument): Promise<void> {
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const pages = pdf.getPages();
  pages.forEach((page, index) => {
    const label = `Page ${index + 1} of ${pages.length}`;
    const width = font.widthOfTextAtSize(label, SIZE);
    page.drawText(label, { x: page.getWidth() - RIGHT - width, y: BASELINE, size: SIZE, font, color: GREY });
  });
}
