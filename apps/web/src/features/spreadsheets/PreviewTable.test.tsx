import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PreviewTable, type Preview } from './PreviewTable';

const fields = [
  { key: 'name', label: 'Name' },
  { key: 'cost', label: 'Cost' },
  { key: 'markup', label: 'Markup' },
];

function preview(rows: Preview['rows']): Preview {
  return {
    upload_id: 1,
    kind: 'components',
    filename: 'parts.csv',
    row_count: rows.length,
    error_count: rows.reduce((n, r) => n + Object.values(r.errors).flat().length, 0),
    rows_with_errors: rows.filter((r) => Object.keys(r.errors).length > 0).length,
    create_count: 0,
    update_count: 0,
    rows,
    edits: [],
  };
}

const rows: Preview['rows'] = [
  { row: 2, values: { name: 'Hinge', cost: '1.50', markup: '35' }, errors: {}, action: 'create' },
  { row: 4, values: { name: 'Panel', cost: 'abc', markup: '20' }, errors: { cost: ['Cost must be a number'] }, action: null },
];

describe('PreviewTable', () => {
  it('puts each error on its cell, as an input described by its message, and the rest as text', () => {
    render(<PreviewTable preview={preview(rows)} fields={fields} busy={false} onEdit={() => undefined} />);
    const table = screen.getByRole('table', { name: 'Rows' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    const cell = screen.getByRole('textbox', { name: 'Row 4 Cost' });
    expect(cell).toHaveValue('abc');
    expect(cell).toHaveAttribute('aria-invalid', 'true');
    expect(cell).toHaveAccessibleDescription('Cost must be a number');
    expect(screen.queryByRole('textbox', { name: 'Row 2 Cost' })).not.toBeInTheDocument();
    expect(within(table).getByRole('row', { name: /^2 Hinge 1\.50 35 Create$/ })).toBeInTheDocument();
  });

  it('saves a corrected cell once on Enter (the blur after it saves nothing more), and not when unchanged', async () => {
    const onEdit = vi.fn();
    render(<PreviewTable preview={preview(rows)} fields={fields} busy={false} onEdit={onEdit} />);
    const cell = screen.getByRole('textbox', { name: 'Row 4 Cost' });
    await userEvent.click(cell);
    await userEvent.tab();
    expect(onEdit).not.toHaveBeenCalled();
    await userEvent.clear(cell);
    await userEvent.type(cell, '7.50{Enter}');
    await userEvent.tab();
    expect(onEdit).toHaveBeenCalledTimes(1);
    expect(onEdit).toHaveBeenCalledWith(4, 'cost', '7.50');
  });

  it('shows only the rows with errors when asked', async () => {
    render(<PreviewTable preview={preview(rows)} fields={fields} busy={false} onEdit={() => undefined} />);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Show only rows with errors' }));
    const table = screen.getByRole('table', { name: 'Rows' });
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    expect(within(table).queryByText('Hinge')).not.toBeInTheDocument();
  });
});
