import {
  createContext,
  useContext,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  type ReactNode,
  type RefObject,
} from 'react';
import { createPortal } from 'react-dom';
import { cn } from '../lib/cn';

export type ModalSize = 'sm' | 'md' | 'lg' | 'xl' | 'full';

export interface ModalProps {
  open: boolean;
  /** Asked to close: Escape, the close button, or (when allowed) a click on the backdrop. */
  onClose: () => void;
  /** The dialog's heading; it is also the dialog's accessible name. */
  title: ReactNode;
  /** A line under the title; becomes the dialog's accessible description. */
  description?: ReactNode;
  children: ReactNode;
  /** The action bar, pinned to the bottom while the body scrolls (SAVE, CLOSE...). */
  actions?: ReactNode;
  size?: ModalSize;
  /** Accessible name of the × button in the corner. */
  closeLabel?: string;
  /** Off by default: a stray click must not throw away what the user typed. */
  closeOnBackdropClick?: boolean;
  /** What gets focus on opening; by default the first control in the body. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /**
   * What gets focus back on closing; by default what had it on opening. For a dialog opened by a
   * submit button that was disabled while busy (and so had lost focus by then).
   */
  returnFocusRef?: RefObject<HTMLElement | null>;
}

const SIZE_CLASSES: Record<ModalSize, string> = {
  sm: 'max-w-md',
  md: 'max-w-2xl',
  lg: 'max-w-4xl',
  xl: 'max-w-6xl',
  full: 'max-w-[min(100%,96rem)]',
};

const FOCUSABLE = [
  'a[href]',
  'area[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'iframe',
  '[contenteditable="true"]',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

function focusableIn(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (element) => !element.closest('[hidden], [inert]') && element.tabIndex >= 0,
  );
}

/**
 * Open dialogs. The top one (deepest nesting, then most recently opened) answers Escape and keeps
 * focus. Depth, not opening order, decides between a dialog and one nested inside it, because React
 * runs a child's effects before its parent's.
 */
interface OpenModal {
  id: symbol;
  depth: number;
  /** The dialog's portal root, a child of <body>. */
  root: HTMLElement;
}
const openStack: OpenModal[] = [];
let savedBodyOverflow = '';

function topEntry(): OpenModal | undefined {
  let top: OpenModal | undefined;
  for (const entry of openStack) if (!top || entry.depth >= top.depth) top = entry;
  return top;
}

function topModal(): symbol | undefined {
  return topEntry()?.id;
}

/** The elements this module made inert (never one made inert by someone else). */
const madeInert = new Set<Element>();

/**
 * Everything but the top dialog is inert while a dialog is open: out of the Tab order, out of
 * reach of the pointer and hidden from screen readers (what aria-modal promises but browsers and
 * readers do not all keep). Recomputed on every opening and closing.
 */
function syncInert() {
  const top = topEntry()?.root;
  for (const element of Array.from(madeInert)) {
    if (element === top || !top) {
      element.removeAttribute('inert');
      madeInert.delete(element);
    }
  }
  if (!top) return;
  for (const child of Array.from(document.body.children)) {
    if (child === top || child.hasAttribute('inert') || child.tagName === 'SCRIPT') continue;
    child.setAttribute('inert', '');
    madeInert.add(child);
  }
}

/**
 * Where focus goes when a dialog closes and what opened it is gone or was nothing (a keyboard
 * shortcut pressed on the page, a banner button that left with the banner): the dialog still open
 * below, else the page's heading, never <body>, where a keyboard user would start over at the top.
 */
export function focusAfterLostOpener() {
  const below = topEntry()?.root.querySelector<HTMLElement>('[role="dialog"]');
  if (below) {
    (focusableIn(below)[0] ?? below).focus();
    return;
  }
  const heading = document.querySelector<HTMLElement>('main h1');
  if (!heading) return;
  if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
  heading.focus();
}

/** How many dialogs this one is nested in. */
const ModalDepthContext = createContext(0);

/**
 * An accessible modal dialog: role=dialog with aria-modal, named by its title, focus kept inside
 * (Tab and Shift+Tab wrap), Escape closes, focus returns to where it was on close, page scroll locked.
 * Nested modals work: the innermost handles the keys.
 */
export function Modal({
  open,
  onClose,
  title,
  description,
  children,
  actions,
  size = 'md',
  closeLabel = 'Close',
  closeOnBackdropClick = false,
  initialFocusRef,
  returnFocusRef,
}: ModalProps) {
  const depth = useContext(ModalDepthContext) + 1;
  const titleId = useId();
  const descriptionId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  const initialFocusRefRef = useRef(initialFocusRef);
  const returnFocusRefRef = useRef(returnFocusRef);

  useLayoutEffect(() => {
    onCloseRef.current = onClose;
    initialFocusRefRef.current = initialFocusRef;
    returnFocusRefRef.current = returnFocusRef;
  });

  useEffect(() => {
    if (!open) return;
    const panel = panelRef.current;
    if (!panel) return;
    const root = panel.parentElement ?? panel;
    const id = Symbol('modal');
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    openStack.push({ id, depth, root });
    syncInert();
    if (openStack.length === 1) {
      savedBodyOverflow = document.body.style.overflow;
      document.body.style.overflow = 'hidden';
    }

    const isTop = () => topModal() === id;
    if (isTop()) {
      const target =
        initialFocusRefRef.current?.current ??
        (bodyRef.current ? focusableIn(bodyRef.current)[0] : undefined) ??
        focusableIn(panel)[0] ??
        panel;
      target.focus();
    }

    function onKeyDown(event: KeyboardEvent) {
      if (!isTop() || !panel) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        event.stopPropagation();
        onCloseRef.current();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = focusableIn(panel);
      const first = items[0];
      const last = items[items.length - 1];
      if (!first || !last) {
        event.preventDefault();
        panel.focus();
        return;
      }
      const active = document.activeElement;
      if (event.shiftKey && (active === first || active === panel || !panel.contains(active))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || !panel.contains(active))) {
        event.preventDefault();
        first.focus();
      }
    }

    /** Focus that wanders outside (a click on the page behind) is brought back. */
    function onFocusIn(event: FocusEvent) {
      if (!isTop() || !panel) return;
      if (event.target instanceof Node && !panel.contains(event.target)) panel.focus();
    }

    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('focusin', onFocusIn);
      const index = openStack.findIndex((entry) => entry.id === id);
      if (index !== -1) openStack.splice(index, 1);
      syncInert();
      if (openStack.length === 0) document.body.style.overflow = savedBodyOverflow;
      const back = returnFocusRefRef.current?.current ?? previouslyFocused;
      if (back?.isConnected && back !== document.body) back.focus();
      else focusAfterLostOpener();
    };
  }, [open, depth]);

  if (!open) return null;

  return createPortal(
    <ModalDepthContext.Provider value={depth}>
      <div className="fixed inset-0 z-50 flex items-start justify-center overflow-y-auto p-2 sm:items-center sm:p-4">
        <div
          aria-hidden="true"
          data-testid="modal-backdrop"
          className="fixed inset-0 bg-slate-900/50"
          onMouseDown={() => {
            if (closeOnBackdropClick) onCloseRef.current();
          }}
        />
        <div
          ref={panelRef}
          role="dialog"
          aria-modal="true"
          aria-labelledby={titleId}
          aria-describedby={description ? descriptionId : undefined}
          tabIndex={-1}
          className={cn(
            'relative flex max-h-[calc(100dvh-1rem)] w-full flex-col rounded-lg bg-white shadow-xl outline-none sm:max-h-[calc(100dvh-2rem)]',
            SIZE_CLASSES[size],
          )}
        >
          <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-4 py-3 sm:px-6 sm:py-4">
            <div className="min-w-0">
              <h2 id={titleId} className="text-lg font-semibold text-slate-900">
                {title}
              </h2>
              {description && (
                <p id={descriptionId} className="mt-1 text-sm text-slate-600">
                  {description}
                </p>
              )}
            </div>
            <button
              type="button"
              aria-label={closeLabel}
              onClick={() => onCloseRef.current()}
              className="-m-1 rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-sky-600"
            >
              <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-5">
                <path d="M6.28 5.22a.75.75 0 0 0-1.06 1.06L8.94 10l-3.72 3.72a.75.75 0 1 0 1.06 1.06L10 11.06l3.72 3.72a.75.75 0 1 0 1.06-1.06L11.06 10l3.72-3.72a.75.75 0 0 0-1.06-1.06L10 8.94 6.28 5.22Z" />
              </svg>
            </button>
          </div>
          <div ref={bodyRef} className="min-h-0 flex-1 overflow-y-auto px-4 py-4 sm:px-6">
            {children}
          </div>
          {actions && (
            <div className="sticky bottom-0 flex flex-wrap items-center justify-end gap-2 rounded-b-lg border-t border-slate-200 bg-slate-50 px-4 py-3 sm:px-6">
              {actions}
            </div>
          )}
        </div>
      </div>
    </ModalDepthContext.Provider>,
    document.body,
  );
}
