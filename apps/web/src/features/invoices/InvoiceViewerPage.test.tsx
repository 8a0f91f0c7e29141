import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LIMITS, MESSAGES } from '@icehouse/domain';
import { renderApp } from '../../test/render';
import { jsonResponse } from '../../test/fakeFetch';
import { PRINT_FRAME_TITLE } from './pdf';
import { fakeInvoice } from './testing/fakeInvoice';
import { PDF_BYTES, createInvoicesServer, type InvoicesServerOptions } from './testing/fakeInvoicesServer';

/** pdf.js stands in here: a document of `pages` pages whose pages record how they were drawn. */
const pdfjs = vi.hoisted(() => {
  const state = {
    pages: 3,
    opened: [] as Uint8Array[],
    viewportScales: [] as number[],
    rendered: [] as { canvas: unknown; width: number }[],
    workerSrc: '',
  };
  return {
    state,
    GlobalWorkerOptions: {
      get workerSrc() {
        return state.workerSrc;
      },
      set workerSrc(value: string) {
        state.workerSrc = value;
      },
    },
    getDocument: (params: { data: Uint8Array }) => {
      state.opened.push(params.data);
      const doc = {
        numPages: state.pages,
        getPage: async (number: number) => ({
          number,
          getViewport: ({ scale }: { scale: number }) => {
            state.viewportScales.push(scale);
            return { width: 612 * scale, height: 792 * scale, scale };
          },
          render: ({ canvas, viewport }: { canvas: unknown; viewport: { width: number } }) => {
            state.rendered.push({ canvas, width: viewport.width });
            return { promise: Promise.resolve(), cancel: () => {} };
          },
        }),
        destroy: async () => {},
      };
      return { promise: Promise.resolve(doc) };
    },
  };
});

vi.mock('pdfjs-dist', () => ({
  GlobalWorkerOptions: pdfjs.GlobalWorkerOptions,
  getDocument: pdfjs.getDocument,
}));

function openViewer(path = '/invoices/7/view', options: InvoicesServerOptions = {}) {
  const server = createInvoicesServer({ invoices: [fakeInvoice(7, { invoice_number: '2042' })], ...options });
  return { ...renderApp(path, server.handler), server };
}

const printFrame = () => document.querySelector<HTMLIFrameElement>(`iframe[title="${PRINT_FRAME_TITLE}"]`);

beforeEach(() => {
  Object.assign(pdfjs.state, { pages: 3, opened: [], viewportScales: [], rendered: [] });
  URL.createObjectURL = vi.fn(() => 'blob:invoice-pdf');
  URL.revokeObjectURL = vi.fn();
});

afterEach(() => {
  vi.useRealTimers();
  document.querySelectorAll('iframe').forEach((frame) => frame.remove());
});

describe('InvoiceViewerPage', () => {
  it('draws every page of the PDF on its own canvas at scale 1.2, with no header', async () => {
    const { requests } = openViewer();
    expect(await screen.findByRole('heading', { level: 1, name: 'Invoice PDF' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');

    const pages = await screen.findAllByRole('img', { name: /^Page \d of 3$/ });
    expect(pages.map((page) => page.getAttribute('aria-label'))).toEqual([
      'Page 1 of 3',
      'Page 2 of 3',
      'Page 3 of 3',
    ]);
    await waitFor(() => expect(screen.queryByText('Loading…')).not.toBeInTheDocument());
    expect(pdfjs.state.rendered.map((r) => r.canvas)).toEqual(pages);
    expect(pdfjs.state.viewportScales).toEqual([
      LIMITS.pdfRenderScale,
      LIMITS.pdfRenderScale,
      LIMITS.pdfRenderScale,
    ]);
    expect(new TextDecoder().decode(pdfjs.state.opened[0])).toBe(PDF_BYTES);
    expect(pdfjs.state.workerSrc).toMatch(/pdf\.worker\.min\.mjs/);
    expect(requests.filter((r) => r.path === '/api/invoices/7/pdf/')).toHaveLength(1);

    // No header: no main navigation, no Logout.
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
  });

  it('Print opens the PDF in a new tab', async () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    openViewer();
    const print = await screen.findByRole('button', { name: 'Print' });
    await waitFor(() => expect(print).toBeEnabled());
    await userEvent.click(print);
    expect(open).toHaveBeenCalledWith('blob:invoice-pdf', '_blank');
  });

  it('says when the PDF cannot be made, and tries again on request', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let fail = true;
    openViewer('/invoices/7/view', {
      pdf: () => (fail ? jsonResponse({ detail: 'No browser.' }, 503) : new Response(PDF_BYTES)),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.pdfError);
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findAllByRole('img', { name: /^Page \d of 3$/ })).toHaveLength(3);
  });

  it('says when the invoice does not exist', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    openViewer('/invoices/99/view', { pdf: () => jsonResponse({ detail: 'Invoice not found.' }, 404) });
    expect(await screen.findByRole('alert')).toHaveTextContent('Invoice not found.');
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  describe('auto mode (?auto=1)', () => {
    async function startAutoPrint() {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      const close = vi.spyOn(window, 'close').mockImplementation(() => {});
      openViewer('/invoices/7/view?auto=1');
      await waitFor(() => expect(printFrame()).not.toBeNull());
      const frame = printFrame()!;
      const frameWindow = frame.contentWindow!;
      const print = vi.spyOn(frameWindow, 'print').mockImplementation(() => {});
      vi.spyOn(frameWindow, 'focus').mockImplementation(() => {});
      act(() => {
        frame.dispatchEvent(new Event('load'));
      });
      expect(print).toHaveBeenCalledTimes(1);
      return { close, frame, frameWindow };
    }

    it('prints through a hidden frame instead of drawing the pages', async () => {
      await startAutoPrint();
      expect(await screen.findByText(/This tab closes by itself/)).toBeInTheDocument();
      expect(screen.queryByRole('img')).not.toBeInTheDocument();
      expect(pdfjs.state.opened).toHaveLength(0);
      expect(printFrame()).toHaveAttribute('src', 'blob:invoice-pdf');
    });

    it('closes the tab once the frame says printing is over', async () => {
      const { close, frameWindow } = await startAutoPrint();
      expect(close).not.toHaveBeenCalled();
      act(() => {
        frameWindow.dispatchEvent(new Event('afterprint'));
      });
      expect(close).toHaveBeenCalledTimes(1);
    });

    it('closes the tab 300 ms after the window gets focus back', async () => {
      const { close } = await startAutoPrint();
      act(() => {
        window.dispatchEvent(new Event('focus'));
      });
      act(() => {
        vi.advanceTimersByTime(LIMITS.printFrameRemoveDelayMs - 1);
      });
      expect(close).not.toHaveBeenCalled();
      act(() => {
        vi.advanceTimersByTime(1);
      });
      expect(close).toHaveBeenCalledTimes(1);
    });

    it('closes the tab after 120 seconds at most, and says so when the browser keeps it open', async () => {
      const { close } = await startAutoPrint();
      // The clock has moved on a little while the PDF loaded (the fake clock follows real time).
      act(() => {
        vi.advanceTimersByTime(LIMITS.printFrameFallbackMs - 5_000);
      });
      expect(close).not.toHaveBeenCalled();
      act(() => {
        vi.advanceTimersByTime(5_000);
      });
      expect(close).toHaveBeenCalledTimes(1);
      // window.close() did nothing (the spy): the tab says printing is done.
      expect(await screen.findByText('Printing is done. You can close this tab.')).toBeInTheDocument();
      act(() => {
        vi.advanceTimersByTime(LIMITS.printFrameFallbackMs);
      });
      expect(close).toHaveBeenCalledTimes(1);
    });
  });
});
