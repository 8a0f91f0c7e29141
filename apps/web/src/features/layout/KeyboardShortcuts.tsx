import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import { Button, Modal } from '../../components';
import { SHORTCUTS, useShortcuts } from '../../lib/useShortcuts';
import { useOrderForm } from '../order-form/OrderFormProvider';
import { useCan } from '../../lib/access';

/** Where `n` opens a new order: the dashboard and the lists. Screens that list things add theirs. */
export const NEW_ORDER_PATHS: readonly string[] = ['/dashboard', '/orders', '/invoices'];

/** The open modal dialog on top, if any (dialogs are portaled to <body> in the order they open). */
function topDialog(): HTMLElement | null {
  const open = document.querySelectorAll<HTMLElement>('[role="dialog"][aria-modal="true"]');
  return open.length > 0 ? open[open.length - 1]! : null;
}

/**
 * The app's keyboard shortcuts (see lib/useShortcuts), wired to the screen shown: `/` focuses the
 * list's search (the first search box of the page), `n` opens a new order, Ctrl/Cmd+S presses the
 * save button of the open dialog or page (the one marked `data-shortcut="save"`), `?` lists them.
 * Single keys do nothing while a dialog is open.
 */
export function KeyboardShortcuts() {
  const [helpOpen, setHelpOpen] = useState(false);
  const { pathname } = useLocation();
  const orderForm = useOrderForm();
  // A new order is sales' (orders.create): the key does nothing for other roles.
  const sells = useCan('sales');

  useShortcuts({
    search: () => {
      if (topDialog()) return false;
      const search = document.querySelector<HTMLInputElement>('main input[type="search"]');
      if (!search) return false;
      search.focus();
      search.select();
    },
    newOrder: () => {
      if (!sells || topDialog() || !NEW_ORDER_PATHS.includes(pathname)) return false;
      orderForm.newOrder();
    },
    save: () => {
      const scope = topDialog() ?? document.querySelector('main');
      const button = scope?.querySelector<HTMLButtonElement>('[data-shortcut="save"]');
      if (!button) return false;
      // A save under way (or not allowed now) keeps the key from the browser's Save Page all the same.
      if (!button.disabled) button.click();
    },
    help: () => {
      if (topDialog()) return false;
      setHelpOpen(true);
    },
  });

  return (
    <Modal
      open={helpOpen}
      onClose={() => setHelpOpen(false)}
      title="Keyboard shortcuts"
      size="sm"
      actions={<Button onClick={() => setHelpOpen(false)}>Close</Button>}
    >
      <table className="w-full text-sm">
        <caption className="sr-only">Keyboard shortcuts</caption>
        <thead>
          <tr>
            <th scope="col" className="pb-2 text-left font-semibold text-slate-700">
              Keys
            </th>
            <th scope="col" className="pb-2 text-left font-semibold text-slate-700">
              Action
            </th>
          </tr>
        </thead>
        <tbody>
          {SHORTCUTS.map(({ shortcut, keys, description }) => (
            <tr key={shortcut}>
              <td className="py-1.5 pr-4 whitespace-nowrap">
                {keys.map((key, index) => (
                  <span key={key}>
                    {index > 0 && ' + '}
                    <kbd className="rounded border border-slate-300 bg-slate-50 px-1.5 py-0.5 font-mono text-xs text-slate-800">
                      {key}
                    </kbd>
                  </span>
                ))}
              </td>
              <td className="py-1.5 text-slate-800">{description}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="mt-3 text-xs text-slate-600">The single keys do nothing while you type in a field.</p>
    </Modal>
  );
}
