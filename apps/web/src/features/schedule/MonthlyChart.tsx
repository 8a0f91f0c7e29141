import {
  BarController,
  BarElement,
  CategoryScale,
  Chart as ChartJS,
  Legend,
  LineController,
  LineElement,
  LinearScale,
  PointElement,
  Tooltip,
  type ChartData,
  type ChartOptions,
} from 'chart.js';
import { useState } from 'react';
import { Chart } from 'react-chartjs-2';
import { formatMoney } from '../../lib/format';
import { CHART_TEXT } from './chartTexts';
import type { MonthlyFigures } from './types';

// Only the pieces this chart draws (chart.js is tree-shaken to them).
ChartJS.register(
  BarController,
  BarElement,
  LineController,
  LineElement,
  PointElement,
  CategoryScale,
  LinearScale,
  Tooltip,
  Legend,
);

/** Whether this browser can draw on a canvas (not, e.g., jsdom): without one, the table is shown instead. */
function canvasWorks(): boolean {
  try {
    return document.createElement('canvas').getContext('2d') !== null;
  } catch {
    return false;
  }
}

/**
 * The top of an axis with headroom over its highest value: at least 10% more, rounded up to a
 * round figure (a step of two in its second digit), so the tallest bar or point never touches
 * the top of the chart. Undefined when there is nothing above zero (chart.js then picks).
 */
export function axisTop(highest: number, integer = false): number | undefined {
  if (!(highest > 0)) return undefined;
  const target = highest * 1.1;
  const unit = 2 * 10 ** (Math.floor(Math.log10(target)) - 1);
  const top = Math.ceil(target / unit) * unit;
  return integer ? Math.max(Math.ceil(top), Math.floor(highest) + 1) : top;
}

const ORDERS_COLOR = 'rgb(3 105 161)'; // sky-700, the app's primary
const REVENUE_COLOR = 'rgb(5 150 105)'; // emerald-600

/**
 * The dashboard's chart of orders (bars, left axis) and invoiced revenue (line, right axis) per month.
 * Loaded lazily (React.lazy in MonthlyFiguresPanel): chart.js is not part of the dashboard's first
 * download. The canvas is an image named by a one-line summary; the figures themselves are in a
 * visually hidden table beside it, for screen readers. Where no canvas can be drawn, the table is
 * shown instead of the chart.
 *
 * Amounts stay decimal strings: they become numbers only to place a point on the axis, and every
 * amount shown (tooltip, axis, table) is formatted from the string or with the domain's formatMoney.
 */
export function MonthlyChart({ figures }: { figures: MonthlyFigures }) {
  const [drawable] = useState(canvasWorks);
  const months = figures.months;
  const data: ChartData<'bar' | 'line', number[], string> = {
    labels: months.map((m) => m.label.replace(/^(\w{3})\w* (\d{4})$/, '$1 $2')),
    datasets: [
      {
        type: 'bar',
        label: CHART_TEXT.orders,
        data: months.map((m) => m.orders),
        backgroundColor: ORDERS_COLOR,
        yAxisID: 'orders',
        order: 2,
      },
      {
        type: 'line',
        label: CHART_TEXT.revenue,
        data: months.map((m) => Number(m.revenue)),
        borderColor: REVENUE_COLOR,
        backgroundColor: REVENUE_COLOR,
        yAxisID: 'revenue',
        order: 1,
      },
    ],
  };
  const options: ChartOptions<'bar' | 'line'> = {
    responsive: true,
    maintainAspectRatio: false,
    animation: false,
    interaction: { mode: 'index', intersect: false },
    plugins: {
      legend: { position: 'bottom' },
      tooltip: {
        callbacks: {
          label: (item) => {
            const month = months[item.dataIndex];
            if (!month) return '';
            return item.dataset.yAxisID === 'revenue'
              ? `${CHART_TEXT.revenue}: ${formatMoney(month.revenue)}`
              : `${CHART_TEXT.orders}: ${month.orders}`;
          },
        },
      },
    },
    scales: {
      orders: {
        type: 'linear',
        position: 'left',
        beginAtZero: true,
        max: axisTop(Math.max(0, ...months.map((m) => m.orders)), true),
        ticks: { precision: 0 },
      },
      revenue: {
        type: 'linear',
        position: 'right',
        beginAtZero: true,
        max: axisTop(Math.max(0, ...months.map((m) => Number(m.revenue)))),
        grid: { drawOnChartArea: false },
        ticks: { callback: (value) => formatMoney(String(value)).replace(/\.00$/, '') },
      },
    },
  };
  const first = months[0]?.label ?? '';
  const last = months[months.length - 1]?.label ?? '';
  const summary = CHART_TEXT.summary(figures.total_orders, formatMoney(figures.total_revenue), first, last);

  return (
    <div>
      {drawable && (
        // Chart.js sizes its canvas in pixels and follows a narrower window a frame later: clip it meanwhile,
        // so that the page never scrolls sideways while the chart catches up.
        <div className="relative h-72 min-w-0 overflow-hidden">
          <Chart
            type="bar"
            data={data}
            options={options}
            role="img"
            aria-label={`${CHART_TEXT.title}. ${summary}`}
          />
        </div>
      )}
      {/* sr-only on a wrapper: a table ignores the 1 px width and would widen the page on a phone. */}
      <div className={drawable ? 'sr-only' : undefined}>
        <table className="w-full text-sm [&_td]:text-right [&_td]:tabular-nums [&_th]:py-1 [&_th]:text-left">
          <caption>{CHART_TEXT.tableCaption}</caption>
          <thead>
            <tr>
              <th scope="col">{CHART_TEXT.month}</th>
              <th scope="col">{CHART_TEXT.orders}</th>
              <th scope="col">{CHART_TEXT.revenue}</th>
            </tr>
          </thead>
          <tbody>
            {months.map((m) => (
              <tr key={m.month}>
                <th scope="row">{m.label}</th>
                <td>{m.orders}</td>
                <td>{formatMoney(m.revenue)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">{CHART_TEXT.total}</th>
              <td>{figures.total_orders}</td>
              <td>{formatMoney(figures.total_revenue)}</td>
            </tr>
          </tfoot>
        </table>
      </div>
    </div>
  );
}

export default MonthlyChart;
