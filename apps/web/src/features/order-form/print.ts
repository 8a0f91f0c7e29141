import { LIMITS } from '@icehouse/domain';

/**
 * Prints a PDF through a hidden frame (spec §9): the frame is removed 300 ms after the print
 * dialog closes, or after 120 seconds when the browser never says it closed.
 */
export function printPdf(pdf: Blob, doc: Document = document): void {
  const url = URL.createObjectURL(pdf);
  const frame = doc.createElement('iframe');
  frame.title = 'Print';
  frame.setAttribute('aria-hidden', 'true');
  frame.tabIndex = -1;
  Object.assign(frame.style, {
    position: 'fixed',
    right: '0',
    bottom: '0',
    width: '0',
    height: '0',
    border: '0',
  });
  let removed = false;
  const remove = () => {
    if (removed) return;
    removed = true;
    clearTimeout(fallback);
    frame.remove();
    URL.revokeObjectURL(url);
  };
  const fallback = setTimeout(remove, LIMITS.printFrameFallbackMs);
  frame.addEventListener('load', () => {
    const win = frame.contentWindow;
    if (!win) return;
    win.addEventListener('afterprint', () => setTimeout(remove, LIMITS.printFrameRemoveDelayMs));
    try {
      win.focus();
      win.print();
    } catch (error) {
      console.error('Printing the order failed', error);
    }
  });
  frame.src = url;
  doc.body.appendChild(frame);
}
