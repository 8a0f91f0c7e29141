import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DataTable, type DataTableColumn } from './DataTable';

interface MonthRow {
  year: number;
  month_name: string;
  total_orders: number;
}

const columns: DataTableColumn<MonthRow>[] = [
  { key: 'year', header: 'Year' },
  { key: 'month_name', header: 'Month' },
  { key: 'total_orders', header: 'Total Orders', numeric: true },
];

const rows: MonthRow[] = [
  { year: 2024, month_name: 'March', total_orders: 12 },
  { year: 2024, month_name: 'February', total_orders: 7 },
];

describe('DataTable', () => {
  it('is a focusable region named by its caption while it scrolls sideways, and out of the Tab order when it fits', () => {
    const width = vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(900);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(300);
    const { unmount } = render(
      <DataTable
        caption="Deliveries"
        captionHidden
        columns={columns}
        rows={rows}
        rowKey={(r) => r.month_name}
      />,
    );
    const box = screen.getByRole('region', { name: 'Deliveries' });
    expect(box).toHaveAttribute('tabindex', '0');
    expect(within(box).getByRole('table', { name: 'Deliveries' })).toBeInTheDocument();
    unmount();

    width.mockReturnValue(300);
    render(<DataTable caption="Deliveries" columns={columns} rows={rows} rowKey={(r) => r.month_name} />);
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Deliveries' }).parentElement).not.toHaveAttribute('tabindex');
    vi.restoreAllMocks();
  });

  it('shows the empty text when there are no rows', () => {
    render(
      <DataTable
        caption="Orders by month"
        columns={columns}
        rows={[]}
        rowKey={(r) => r.month_name}
        emptyText="No orders found"
      />,
    );
    expect(screen.getByRole('table', { name: 'Orders by month' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'No orders found' })).toBeInTheDocument();
  });

  it('shows the loading text while loading an empty table', () => {
    render(
      <DataTable
        caption="Orders by month"
        columns={columns}
        rows={[]}
        rowKey={(r) => r.month_name}
        loading
        loadingText="Searching..."
      />,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Searching...');
    expect(screen.getByRole('table')).toHaveAttribute('aria-busy', 'true');
  });

  it('right-aligns numeric columns and opens a row on click or Enter', async () => {
    const onRowClick = vi.fn();
    render(
      <DataTable
        caption="Orders by month"
        columns={columns}
        rows={rows}
        rowKey={(r) => `${r.year}-${r.month_name}`}
        onRowClick={onRowClick}
        rowLabel={(r) => `${r.month_name} ${r.year}`}
      />,
    );
    expect(screen.getByRole('columnheader', { name: 'Total Orders' })).toHaveClass('text-right');
    const march = screen.getByRole('row', { name: 'March 2024' });
    expect(within(march).getByRole('cell', { name: '12' })).toHaveClass('text-right');

    await userEvent.click(within(march).getByRole('cell', { name: 'March' }));
    expect(onRowClick).toHaveBeenLastCalledWith(rows[0]);

    screen.getByRole('row', { name: 'February 2024' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(onRowClick).toHaveBeenLastCalledWith(rows[1]);
  });

  it('does not open the row when a control inside it is used', async () => {
    const onRowClick = vi.fn();
    const withCheckbox: DataTableColumn<MonthRow>[] = [
      {
        key: 'select',
        header: 'Select',
        srOnlyHeader: true,
        cell: (r) => <input type="checkbox" aria-label={`Select ${r.month_name}`} />,
      },
      ...columns,
    ];
    render(
      <DataTable
        caption="Orders by month"
        columns={withCheckbox}
        rows={rows}
        rowKey={(r) => r.month_name}
        onRowClick={onRowClick}
      />,
    );

    await userEvent.click(screen.getByRole('checkbox', { name: 'Select March' }));
    expect(onRowClick).not.toHaveBeenCalled();
  });
});
