import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isTypingTarget, shortcutOf, useShortcuts, type ShortcutKeyEvent } from './useShortcuts';

/** A fake key press: only what shortcutOf reads. */
function press(key: string, extra: Partial<ShortcutKeyEvent> = {}): ShortcutKeyEvent {
  return {
    key,
    ctrlKey: false,
    metaKey: false,
    altKey: false,
    shiftKey: false,
    target: document.body,
    ...extra,
  };
}

function element(html: string): HTMLElement {
  const host = document.createElement('div');
  host.innerHTML = html;
  document.body.append(host);
  return host.firstElementChild as HTMLElement;
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('shortcutOf', () => {
  it('knows the four shortcuts on the page', () => {
    expect(shortcutOf(press('/'))).toBe('search');
    expect(shortcutOf(press('n'))).toBe('newOrder');
    expect(shortcutOf(press('?', { shiftKey: true }))).toBe('help');
    expect(shortcutOf(press('s', { ctrlKey: true }))).toBe('save');
    expect(shortcutOf(press('s', { metaKey: true }))).toBe('save');
    expect(shortcutOf(press('S', { ctrlKey: true }))).toBe('save');
  });

  it('leaves other keys and modified single keys alone', () => {
    expect(shortcutOf(press('x'))).toBeNull();
    expect(shortcutOf(press('N', { shiftKey: true }))).toBeNull();
    expect(shortcutOf(press('n', { ctrlKey: true }))).toBeNull();
    expect(shortcutOf(press('/', { altKey: true }))).toBeNull();
    expect(shortcutOf(press('s', { ctrlKey: true, shiftKey: true }))).toBeNull();
    expect(shortcutOf(press('n', { repeat: true }))).toBeNull();
    expect(shortcutOf(press('n', { defaultPrevented: true }))).toBeNull();
  });

  it('never fires a single key while typing in a field, but saves from one', () => {
    const fields = [
      element('<input type="text" />'),
      element('<input type="search" />'),
      element('<input type="number" />'),
      element('<input role="combobox" />'),
      element('<textarea></textarea>'),
      element('<select><option>a</option></select>'),
      element('<div contenteditable="true"><span>x</span></div>').firstElementChild!,
    ];
    for (const target of fields) {
      expect(shortcutOf(press('/', { target })), target.outerHTML).toBeNull();
      expect(shortcutOf(press('n', { target })), target.outerHTML).toBeNull();
      expect(shortcutOf(press('?', { target })), target.outerHTML).toBeNull();
      expect(shortcutOf(press('s', { target, ctrlKey: true })), target.outerHTML).toBe('save');
    }
  });

  it('fires on buttons, checkboxes and rows, which take no text', () => {
    for (const html of ['<button>Go</button>', '<input type="checkbox" />', '<tr tabindex="0"></tr>']) {
      const target = html.startsWith('<tr')
        ? element(`<table><tbody>${html}</tbody></table>`).querySelector('tr')!
        : element(html);
      expect(isTypingTarget(target), html).toBe(false);
      expect(shortcutOf(press('n', { target }))).toBe('newOrder');
    }
  });
});

describe('useShortcuts', () => {
  it('calls the handler and keeps the key from the browser, unless the handler declines', () => {
    const save = vi.fn(() => undefined);
    const search = vi.fn(() => false);
    renderHook(() => useShortcuts({ save, search }));

    const saving = new KeyboardEvent('keydown', { key: 's', ctrlKey: true, cancelable: true, bubbles: true });
    document.dispatchEvent(saving);
    expect(save).toHaveBeenCalledTimes(1);
    expect(saving.defaultPrevented).toBe(true);

    const slash = new KeyboardEvent('keydown', { key: '/', cancelable: true, bubbles: true });
    document.dispatchEvent(slash);
    expect(search).toHaveBeenCalledTimes(1);
    expect(slash.defaultPrevented).toBe(false);

    // No handler for `n`: nothing happens.
    const n = new KeyboardEvent('keydown', { key: 'n', cancelable: true, bubbles: true });
    document.dispatchEvent(n);
    expect(n.defaultPrevented).toBe(false);
  });

  it('ignores a key typed into a field', () => {
    const help = vi.fn();
    renderHook(() => useShortcuts({ help }));
    const input = element('<input type="text" />');
    input.dispatchEvent(new KeyboardEvent('keydown', { key: '?', cancelable: true, bubbles: true }));
    expect(help).not.toHaveBeenCalled();
  });
});
