/**
 * What the invoice screens show while loading (INVOICE_TEXT.loading). A module of its own so the
 * routes' loading state (routes.tsx, part of the app's first download) does not bring every invoice
 * text along.
 */
export const INVOICE_LOADING_TEXT = 'Loading…';
