import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { todayIso, type FieldErrors } from '@icehouse/domain';
import { currentPath } from '../../test/render';
import { ReportPeriodFields, useReportFilters } from './ReportPeriodFields';

/** A report's filter bar with only the period, over a router at `path`. */
function renderPeriod(path: string, fieldErrors: FieldErrors | null = null) {
  function Bar() {
    const filters = useReportFilters<'period'>();
    return (
      <>
        <ReportPeriodFields filters={filters} fieldErrors={fieldErrors} />
        <p>
          asked {filters.from} to {filters.to}
        </p>
      </>
    );
  }
  const router = createMemoryRouter([{ path: '/reports', element: <Bar /> }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

describe('ReportPeriodFields', () => {
  it('starts at this year, 1 January to 31 December, when the URL names no period', () => {
    renderPeriod('/reports');
    const year = todayIso().slice(0, 4);
    expect(screen.getByLabelText('From')).toHaveValue(`${year}-01-01`);
    expect(screen.getByLabelText('To')).toHaveValue(`${year}-12-31`);
    expect(screen.getByText(`asked ${year}-01-01 to ${year}-12-31`)).toBeInTheDocument();
  });

  it('reads the period from the URL and writes a change back in place, keeping the other filters', () => {
    const router = renderPeriod('/reports?report=sales-tax&from=2025-04-01&to=2025-06-30&period=month');
    expect(screen.getByLabelText('From')).toHaveValue('2025-04-01');
    expect(screen.getByLabelText('To')).toHaveValue('2025-06-30');

    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2025-09-30' } });
    expect(currentPath(router)).toBe('/reports?report=sales-tax&from=2025-04-01&to=2025-09-30&period=month');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(screen.getByText('asked 2025-04-01 to 2025-09-30')).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2025-01-01' } });
    expect(currentPath(router)).toBe('/reports?report=sales-tax&from=2025-01-01&to=2025-09-30&period=month');
  });

  it("says the server's message on the field it names, and only there", () => {
    renderPeriod('/reports?from=2026-05-01&to=2026-04-01', {
      to: ['The end date must be on or after the start date'],
    });
    const to = screen.getByLabelText('To');
    expect(to).toHaveAccessibleDescription('The end date must be on or after the start date');
    expect(to).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('From')).not.toHaveAttribute('aria-invalid');
  });
});
