import { LIMITS } from '@icehouse/domain';

/**
 * Handing a PDF to the browser: saved as a file, or printed through a hidden frame (orders spec
 * §7, §9: the frame goes 300 ms after the print dialog closes, or after 120 seconds when the
 * browser never says it closed). One implementation for the order form, the orders list and the
 * invoice screens.
 */

/** Starts the browser's download of `blob` as `fileName`. */
export function saveBlob(blob: Blob, fileName: string, doc: Document = document): void {
  const url = URL.createObjectURL(blob);
  const link = doc.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  doc.body.appendChild(link);
  try {
    link.click();
  } finally {
    link.remove();
    // Give the browser a moment to start reading the blob before it is released.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}

export interface PrintFrameOptions {
  /** Called just before the print dialog is asked for. */
  onBeforePrint?: () => void;
  /** Called when the browser says printing is over (`afterprint` in the frame). */
  onAfterPrint?: () => void;
  doc?: Document;
  /** The frame's title (how tests and the invoice viewer find it). */
  title?: string;
}

/**
 * Prints a PDF through a hidden frame. The frame is removed 300 ms after the print dialog closes,
 * or after 120 seconds at most. Returns a function that removes it at once.
 */
export function printPdfInFrame(pdf: Blob, options: PrintFrameOptions = {}): () => void {
  const doc = options.doc ?? document;
  const url = URL.createObjectURL(pdf);
  const frame = doc.createElement('iframe');
  frame.title = options.title ?? 'Print';
  frame.setAttribute('aria-hidden', 'true');
  frame.tabIndex = -1;
  Object.assign(frame.style, {
    position: 'fixed',
    right: '0',
    bottom: '0',
    width: '0',
    height: '0',
    border: '0',
    visibility: 'hidden',
  });
  let removed = false;
  let removeTimer: ReturnType<typeof setTimeout> | null = null;
  const remove = () => {
    if (removed) return;
    removed = true;
    clearTimeout(fallback);
    if (removeTimer !== null) clearTimeout(removeTimer);
    frame.remove();
    URL.revokeObjectURL(url);
  };
  const fallback = setTimeout(remove, LIMITS.printFrameFallbackMs);
  let started = false;
  frame.addEventListener('load', () => {
    const win = frame.contentWindow;
    if (!win || started) return;
    started = true;
    win.addEventListener('afterprint', () => {
      removeTimer ??= setTimeout(remove, LIMITS.printFrameRemoveDelayMs);
      options.onAfterPrint?.();
    });
    options.onBeforePrint?.();
    try {
      win.focus();
      win.print();
    } catch (error) {
      console.error('Printing the PDF failed', error);
    }
  });
  frame.src = url;
  doc.body.appendChild(frame);
  return remove;
}
