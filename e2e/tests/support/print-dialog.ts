import type { Page } from '@playwright/test';

/**
 * Headless Chromium has no print dialog, and printing a PDF frame there can crash the page (or fail the
 * test's teardown with "Frame has been detached"). Every frame's print() stands in for the dialog:
 * it opens and closes as a browser's does, ending with `afterprint`, so the app's print frame goes
 * as it does for a user (lib/pdfFiles). Call before the page navigates.
 */
export async function standInForPrintDialog(page: Page): Promise<void> {
  await page.addInitScript(() => {
    window.print = () => void setTimeout(() => window.dispatchEvent(new Event('afterprint')), 50);
  });
}
