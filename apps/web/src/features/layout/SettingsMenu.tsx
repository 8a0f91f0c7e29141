import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { cn } from '../../lib/cn';

/** The superuser screens, in the spec's order (orders spec §2), then ours. */
export const SETTINGS_MENU_ITEMS = [
  { label: 'Components', to: '/components' },
  { label: 'Products', to: '/products' },
  { label: 'Configurations', to: '/settings' },
  { label: 'Users', to: '/users' },
  { label: 'Company Info', to: '/company-info' },
  // Ours (not in the spec's menu): background jobs that used up their retries.
  { label: 'Failed jobs', to: '/failed-jobs' },
  { label: 'Webhooks', to: '/webhooks' },
  { label: 'Import spreadsheets', to: '/import' },
] as const;

/**
 * The header's Settings dropdown (superusers only; the header decides whether to show it).
 * A menu button (WAI-ARIA menu pattern): Enter, Space or ArrowDown open it on the first item,
 * ArrowUp on the last; arrows, Home and End move; Escape closes it and returns focus to the button.
 * It also closes on a click outside, on Tab, and when an item is chosen.
 */
export function SettingsMenu() {
  const [open, setOpen] = useState(false);
  const [focusIndex, setFocusIndex] = useState(0);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<Array<HTMLAnchorElement | null>>([]);
  const menuId = useId();
  const location = useLocation();
  const active = SETTINGS_MENU_ITEMS.some((item) => location.pathname.startsWith(item.to));

  function openAt(index: number) {
    setFocusIndex(index);
    setOpen(true);
  }

  function close({ restoreFocus }: { restoreFocus: boolean }) {
    setOpen(false);
    if (restoreFocus) buttonRef.current?.focus();
  }

  // Focus follows the active item while open.
  useEffect(() => {
    if (open) itemRefs.current[focusIndex]?.focus();
  }, [open, focusIndex]);

  // A press anywhere outside closes the menu (focus stays where the user put it).
  useEffect(() => {
    if (!open) return;
    function onPointerDown(event: MouseEvent | TouchEvent) {
      if (event.target instanceof Node && rootRef.current?.contains(event.target)) return;
      setOpen(false);
    }
    document.addEventListener('mousedown', onPointerDown);
    document.addEventListener('touchstart', onPointerDown);
    return () => {
      document.removeEventListener('mousedown', onPointerDown);
      document.removeEventListener('touchstart', onPointerDown);
    };
  }, [open]);

  function onButtonKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      openAt(0);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      openAt(SETTINGS_MENU_ITEMS.length - 1);
    } else if (event.key === 'Escape' && open) {
      // Only this menu closes, not the folded header menu around it.
      event.preventDefault();
      event.stopPropagation();
      close({ restoreFocus: true });
    }
  }

  function onMenuKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const last = SETTINGS_MENU_ITEMS.length - 1;
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        setFocusIndex((index) => (index >= last ? 0 : index + 1));
        break;
      case 'ArrowUp':
        event.preventDefault();
        setFocusIndex((index) => (index <= 0 ? last : index - 1));
        break;
      case 'Home':
        event.preventDefault();
        setFocusIndex(0);
        break;
      case 'End':
        event.preventDefault();
        setFocusIndex(last);
        break;
      case 'Escape':
        event.preventDefault();
        event.stopPropagation();
        close({ restoreFocus: true });
        break;
      case 'Tab':
        setOpen(false);
        break;
      default:
        break;
    }
  }

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? close({ restoreFocus: false }) : openAt(0))}
        onKeyDown={onButtonKeyDown}
        className={cn(
          'inline-flex items-center gap-1 rounded-md px-3 py-2 text-sm font-medium',
          active || open
            ? 'bg-sky-50 text-sky-800'
            : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
        )}
      >
        Settings
        <svg
          aria-hidden="true"
          viewBox="0 0 20 20"
          fill="currentColor"
          className={cn('size-4 transition-transform', open && 'rotate-180')}
        >
          <path
            fillRule="evenodd"
            d="M5.22 8.22a.75.75 0 0 1 1.06 0L10 11.94l3.72-3.72a.75.75 0 1 1 1.06 1.06l-4.25 4.25a.75.75 0 0 1-1.06 0L5.22 9.28a.75.75 0 0 1 0-1.06Z"
            clipRule="evenodd"
          />
        </svg>
      </button>
      {open && (
        <div
          id={menuId}
          role="menu"
          aria-label="Settings"
          onKeyDown={onMenuKeyDown}
          className="absolute right-0 z-40 mt-1 w-48 rounded-md border border-slate-200 bg-white py-1 shadow-lg"
        >
          {SETTINGS_MENU_ITEMS.map((item, index) => (
            <Link
              key={item.to}
              ref={(element) => {
                itemRefs.current[index] = element;
              }}
              to={item.to}
              role="menuitem"
              tabIndex={index === focusIndex ? 0 : -1}
              onClick={() => setOpen(false)}
              className={cn(
                'block px-4 py-2 text-sm text-slate-700 hover:bg-slate-100 focus:bg-sky-50 focus:text-sky-900 focus:outline-none',
                location.pathname.startsWith(item.to) && 'font-semibold text-sky-800',
              )}
            >
              {item.label}
            </Link>
          ))}
        </div>
      )}
    </div>
  );
}
