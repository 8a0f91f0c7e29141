import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { AppHeader } from '../features/layout/AppHeader';
import { KeyboardShortcuts } from '../features/layout/KeyboardShortcuts';
import { OrderFormProvider } from '../features/order-form/OrderFormProvider';
import { QuoteAnswerNotices } from '../features/quotes/QuoteAnswerNotices';
import { LiveUpdates } from '../lib/live';

/** Where a screen goes while its code loads (screens are loaded on first use: see routes/index.tsx). */
function ScreenLoading() {
  return (
    <p role="status" className="p-6 text-sm text-slate-600">
      Loading...
    </p>
  );
}

/**
 * The frame of the signed-in screens that have the header (all but the invoice viewer). The header
 * stays up while a screen's code loads.
 */
export function HeaderLayout() {
  return (
    <LiveUpdates>
      <OrderFormProvider>
        <div className="flex min-h-dvh flex-col">
          <a
            href="#main"
            className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-white focus:px-3 focus:py-2 focus:shadow"
          >
            Skip to content
          </a>
          <AppHeader />
          <main id="main" className="mx-auto w-full max-w-7xl flex-1 px-4 py-6 sm:px-6">
            <Suspense fallback={<ScreenLoading />}>
              <Outlet />
            </Suspense>
          </main>
        </div>
        <KeyboardShortcuts />
        {/* A customer's answer to a quote reaches the staff on whatever screen they are. */}
        <QuoteAnswerNotices />
      </OrderFormProvider>
    </LiveUpdates>
  );
}
