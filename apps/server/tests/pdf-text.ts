import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** The documents' bottom page margin (0.65in, see templates/layout.tsx), where the footer is. */
const BOTTOM_MARGIN_PT = 0.65 * 72;

export interface PdfText {
  numPages: number;
  /** Each page's text: text runs joined with spaces, one line per line of the page. */
  pages: string[];
  /** Every page's text, one after the other. */
  all: string;
}

/**
 * Reads a PDF's text back with pdf.js (tests check documents by their text, not their bytes).
 * `bodyOnly` leaves out the bottom margin's text (the footer drawn on every page), so a value that
 * runs from one page onto the next reads as one run, and text that runs past the paper's edge.
 */
export async function readPdfText(pdf: Uint8Array, options: { bodyOnly?: boolean } = {}): Promise<PdfText> {
  // pdf.js takes ownership of (detaches) the buffer it is given: hand it a copy.
  const document = await getDocument({ data: new Uint8Array(pdf), verbosity: 0 }).promise;
  try {
    const pages: string[] = [];
    for (let n = 1; n <= document.numPages; n++) {
      const page = await document.getPage(n);
      const content = await page.getTextContent();
      const [width, height] = [page.view[2]!, page.view[3]!];
      let out = '';
      for (const item of content.items) {
        if (!('str' in item)) continue;
        // transform[4], [5]: the run's start and baseline from the page's bottom-left, in points.
        // The PDF keeps text drawn past the paper's edge: pdf.js reads it, a printer cuts it off.
        if (options.bodyOnly) {
          const [x, y] = [item.transform[4], item.transform[5]];
          if (y < BOTTOM_MARGIN_PT) continue;
          if (x < 0 || x + item.width > width + 0.5 || y > height) continue;
        }
        out += item.str;
        out += item.hasEOL ? '\n' : ' ';
      }
      pages.push(
        out
          .split('\n')
          .map((line) => line.replace(/\s+/g, ' ').trim())
          .filter(Boolean)
          .join('\n'),
      );
    }
    return { numPages: document.numPages, pages, all: pages.join('\n') };
  } finally {
    await document.destroy();
  }
}
