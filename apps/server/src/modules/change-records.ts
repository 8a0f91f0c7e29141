import { AppError } from '../errors';
import type { RecordReader, RecordReaders } from '../changes';
import { bolRecordView } from './bols/service';
import { getCustomer } from './customers/customer-read';
import { getInvoice } from './invoices/views';
import { getOrder } from './orders/order-read';
import { paymentRecordedView } from './payments/ledger';
import { getQuote } from './quotes/quote-read';
import { depositRecordedView } from './deposits/deposits';
import { getCreditNote } from './credit/credit-notes';
import { getStock } from './stock/stock-read';
import { getPurchaseOrder } from './purchasing/purchase-order-read';

/** A record announced but not readable (gone in the same transaction): null, and its announcement carries `{ id }`. */
const orNullWhenGone =
  (read: RecordReader): RecordReader =>
  (deps, id) =>
    read(deps, id).catch((error: unknown) => {
      if (error instanceof AppError && error.code === 'NOT_FOUND') return null;
      throw error;
    });

/**
 * Each changed record as its REST GET answers it (the same service function), read by the change
 * announcer inside the transaction, after its last write: what events, webhooks and live updates carry.
 */
export const changeRecordReaders: RecordReaders = {
  order: orNullWhenGone(getOrder),
  invoice: orNullWhenGone(getInvoice),
  bill_of_lading: bolRecordView,
  // There is no GET of one entry: it is the POST's answer (the entry and its invoice's money), as
  // GET /api/invoices/{id}/payments/ lists them.
  payment: (deps, id) => paymentRecordedView(deps.database.db, id),
  customer: orNullWhenGone(getCustomer),
  quote: orNullWhenGone(getQuote),
  // No GET of the account as one record: the entry with its order's account, as GET /api/deposits/{id}/ answers it.
  deposit: depositRecordedView,
  credit_note: orNullWhenGone(getCreditNote),
  // A component's stock (its on hand and on order), as GET /api/stock/{id}/ answers it.
  stock: orNullWhenGone(getStock),
  purchase_order: orNullWhenGone(getPurchaseOrder),
};
