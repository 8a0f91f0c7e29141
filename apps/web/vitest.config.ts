import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Run tests west of UTC, where parsing a date-only string with `new Date()` shows the previous day.
process.env.TZ = 'America/Chicago';

const ALL = ['src/**/*.test.{ts,tsx}'];
/**
 * Files that need a module graph of their own (see `projects`): those that replace modules with `vi.mock`,
 * whose replacements would stay for the files after them, and those that check a screen's code is loaded
 * on demand, which an earlier file would already have loaded.
 */
const ISOLATED = [
  'src/features/invoices/InvoicesPage.test.tsx',
  'src/features/invoices/InvoiceViewerPage.test.tsx',
  'src/features/orders/OrdersPage.test.tsx',
  'src/routes/lazyRoutes.test.tsx',
  'src/features/order-form/OrderFormProvider.test.tsx',
  'src/features/schedule/MonthlyFiguresPanel.test.tsx',
];

export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    restoreMocks: true,
    // Two cores: two files at a time (vitest's default leaves one core to itself).
    maxWorkers: 2,
    // One module graph per worker for most files: jsdom, React and the setup load once per worker instead
    // of once per file (about a third of the suite's time). ISOLATED files keep one each.
    projects: [
      { extends: true, test: { name: 'shared', include: ALL, exclude: ISOLATED, isolate: false } },
      { extends: true, test: { name: 'isolated', include: ISOLATED } },
    ],
    // Above Testing Library's 15 s wait (src/test/setup.ts), so a slow machine fails no test by time.
    testTimeout: 60_000,
  },
});
