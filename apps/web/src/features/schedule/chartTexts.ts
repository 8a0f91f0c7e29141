/**
 * Texts of the dashboard's monthly chart (ours). A file of their own, importing nothing: the
 * dashboard's chunk carries them, and its first load has a budget (scripts/bundle-size.mjs).
 */
export const CHART_TEXT = {
  title: 'Orders and invoiced revenue, last 12 months',
  loadingChart: 'Loading the chart...',
  loading: 'Loading...',
  loadError: 'Error loading the monthly figures. Please try again.',
  tableCaption: 'Orders and invoiced revenue per month',
  month: 'Month',
  orders: 'Orders',
  revenue: 'Invoiced revenue',
  total: 'Total',
  summary: (orders: number, revenue: string, from: string, to: string) =>
    `${from} to ${to}: ${orders} ${orders === 1 ? 'order' : 'orders'}, ${revenue} invoiced.`,
} as const;
