/** Texts of the Documents lists (ours: the spec has no archive). */
export const DOCUMENTS_TEXT = {
  title: 'Documents',
  intro: 'Every PDF produced, as it was produced. The newest version is what the PDF buttons show.',
  loading: 'Loading documents...',
  empty: 'No document has been produced yet.',
  loadError: 'Could not load the documents. Reload the page to try again.',
  document: 'Document',
  version: 'Version',
  date: 'Date',
  who: 'By',
  size: 'Size',
  hash: 'SHA-256',
  download: 'Download',
  system: 'System',
  kinds: { invoice: 'Invoice', bol: 'Bill of lading', order_print: 'Order print', build_sheet: 'Build sheet', quote: 'Quote', credit_note: 'Credit note', statement: 'Statement', purchase_order: 'Purchase order' },
} as const;
