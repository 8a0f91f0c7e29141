import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

export interface PdfText {
  numPages: number;
  /** Each page's text: text runs joined with spaces, one line per line of the page. */
  pages: string[];
  /** Every page's text, one after the other. */
  all: string;
}

/** Reads a PDF's text back with pdf.js (tests check documents by their text, not their bytes). */
export async function readPdfText(pdf: Uint8Array): Promise<PdfText> {
  // pdf.js takes ownership of (detaches) the buffer it is given: hand it a copy.
  const document = await getDocument({ data: new Uint8Array(pdf), verbosity: 0 }).promise;
  try {
    const pages: string[] = [];
    for (let n = 1; n <= document.numPages; n++) {
      const page = await document.getPage(n);
      const content = await page.getTextContent();
      let out = '';
      for (const item of content.items) {
        if (!('str' in item)) continue;
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
