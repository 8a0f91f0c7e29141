import { useEffect, useRef } from 'react';

/**
 * The keyboard shortcuts staff learn once (decision 091):
 *
 * - `/` focuses the search of the current list;
 * - `n` opens a new order (dashboard and lists);
 * - `Ctrl+S` / `Cmd+S` saves the open order or invoice;
 * - `?` opens the list of shortcuts.
 *
 * The single keys never fire while the user types in a field (input, textarea, select, a
 * contenteditable or a react-select): there they are text. Ctrl/Cmd+S is not text, so it works
 * from inside the form it saves. None fires with other modifiers held, nor on a repeated key
 * press held down for the single keys.
 */
export type Shortcut = 'search' | 'newOrder' | 'save' | 'help';

/** What a shortcut needs to know about a key press; a KeyboardEvent has it all. */
export interface ShortcutKeyEvent {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey?: boolean;
  repeat?: boolean;
  target: EventTarget | null;
  defaultPrevented?: boolean;
}

/** The shortcuts with the keys that press them, for the help dialog. */
export const SHORTCUTS: ReadonlyArray<{ shortcut: Shortcut; keys: readonly string[]; description: string }> =
  [
    { shortcut: 'search', keys: ['/'], description: 'Focus the search of the current list' },
    { shortcut: 'newOrder', keys: ['n'], description: 'New order (from the dashboard and the lists)' },
    { shortcut: 'save', keys: ['Ctrl', 'S'], description: 'Save the open order or invoice (Cmd+S on a Mac)' },
    { shortcut: 'help', keys: ['?'], description: 'Show these shortcuts' },
  ];

/** True when a key press there would type text: a text field, a select, an editable region. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!target || typeof (target as Element).closest !== 'function') return false;
  const element = target as HTMLElement;
  if (element.isContentEditable) return true;
  const tag = element.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag === 'INPUT') {
    const type = ((element as HTMLInputElement).type || 'text').toLowerCase();
    return !['button', 'checkbox', 'radio', 'submit', 'reset', 'image', 'file', 'color', 'range'].includes(
      type,
    );
  }
  return element.closest('[contenteditable="true"], [role="combobox"], [role="textbox"]') !== null;
}

/** Which shortcut a key press is, or null. Pure: the unit tests feed it fake events. */
export function shortcutOf(event: ShortcutKeyEvent): Shortcut | null {
  if (event.defaultPrevented) return null;
  const mod = event.ctrlKey || event.metaKey;
  if (mod && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 's') return 'save';
  if (mod || event.altKey || event.repeat) return null;
  if (isTypingTarget(event.target)) return null;
  if (event.key === '/') return 'search';
  if (event.key === '?') return 'help';
  if (event.key === 'n' && !event.shiftKey) return 'newOrder';
  return null;
}

/**
 * Calls the handler of each shortcut pressed. A handler returns false when it has nothing to do
 * here (no list to search, nothing to save): the key is then left to the browser. Otherwise the
 * key's default (the browser's Save Page, the '/' typed) is prevented.
 */
export function useShortcuts(handlers: Partial<Record<Shortcut, () => boolean | void>>) {
  const handlersRef = useRef(handlers);
  useEffect(() => {
    handlersRef.current = handlers;
  });
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      const shortcut = shortcutOf(event);
      if (!shortcut) return;
      const handler = handlersRef.current[shortcut];
      if (!handler) return;
      if (handler() === false) return;
      event.preventDefault();
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}
