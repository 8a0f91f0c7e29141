import { useEffect, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { useAdoptLoaded } from './useAdoptLoaded';

/** A form whose record arrives a moment after it is shown, as a query's answer does. */
function Form({ version }: { version: number }) {
  const [record, setRecord] = useState<{ name: string; version: number } | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => setRecord({ name: `Lakeside v${version}`, version }), 0);
    return () => clearTimeout(timer);
  }, [version]);
  const [name, setName] = useState('');
  useAdoptLoaded(record ? String(record.version) : null, () => setName(record!.name));
  return <input aria-label="Name" disabled={!record} value={name} onChange={(e) => setName(e.target.value)} />;
}

/** Every state the input is painted in, as the browser would see it between React's tasks. */
function watchPaints() {
  const painted: { disabled: boolean; value: string }[] = [];
  const observer = new MutationObserver(() => {
    const input = document.querySelector('input');
    if (input) painted.push({ disabled: input.disabled, value: input.value });
  });
  observer.observe(document.body, { attributes: true, childList: true, subtree: true, characterData: true });
  return { painted, stop: () => observer.disconnect() };
}

describe('useAdoptLoaded', () => {
  it('never paints the form editable with the values it had before the record arrived', async () => {
    const paints = watchPaints();
    render(<Form version={1} />);
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Name' })).toBeEnabled());
    paints.stop();
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Lakeside v1');
    expect(paints.painted.filter((p) => !p.disabled && p.value !== 'Lakeside v1')).toEqual([]);
  });

  it('adopts a new version of the record', async () => {
    const { rerender } = render(<Form version={1} />);
    const input = screen.getByRole('textbox', { name: 'Name' });
    await waitFor(() => expect(input).toHaveValue('Lakeside v1'));
    rerender(<Form version={2} />);
    await waitFor(() => expect(input).toHaveValue('Lakeside v2'));
  });
});
