import { defineBinaryOperation, defineOperation, operationSet } from '../../operations/define';
import { noAnswer } from '../../operations/answers';
import { restPage } from '../../rest/pages';
import { sendCsv } from '../../csv';
import { listDocuments } from '../documents/archive';
import { documentList } from '../documents/schemas';
import {
  componentPurchasingAnswer,
  componentPurchasingInput,
  componentPurchasingListAnswer,
  draftAnswer,
  draftInput,
  idInput,
  purchaseOrderAnswer,
  purchaseOrderListAnswer,
  purchaseOrderListInput,
  purchaseOrderListRestAnswer,
  purchaseOrderUpdateInput,
  receiveInput,
  sendAnswer,
  sendInput,
  supplierAnswer,
  supplierCreateInput,
  supplierListAnswer,
  supplierUpdateInput,
} from './schemas';
import {
  createSupplier,
  deleteSupplier,
  getSupplier,
  listComponentPurchasing,
  listSuppliers,
  updateComponentPurchasing,
  updateSupplier,
} from './suppliers';
import { getPurchaseOrder, listPurchaseOrders, purchaseOrdersCsv } from './purchase-order-read';
import { cancelPurchaseOrder, deletePurchaseOrder, markSent, updatePurchaseOrder } from './purchase-order-write';
import { draftFromMaterials } from './drafting';
import { receivePurchaseOrder } from './receiving';
import { sendPurchaseOrder } from './sending';

const TAG = 'Purchasing';

/**
 * Suppliers, purchase orders and receiving (decision 263). Purchasing is the office's and accounting's
 * (`purchasing`); receiving also the shop's (`receiving`), who read purchase orders without any cost.
 */
export const purchasingOperations = operationSet('purchasing', {
  suppliers: defineOperation({
    kind: 'query',
    access: 'purchasing',
    output: supplierListAnswer,
    run: ({ deps }) => listSuppliers(deps),
    rest: { method: 'GET', path: '/api/suppliers/', summary: 'Every supplier, by name', tag: TAG },
  }),
  supplier: defineOperation({
    kind: 'query',
    access: 'purchasing',
    input: idInput,
    output: supplierAnswer,
    run: ({ deps, input }) => getSupplier(deps, input.id),
    rest: { method: 'GET', path: '/api/suppliers/{id}/', summary: 'One supplier', tag: TAG },
  }),
  createSupplier: defineOperation({
    kind: 'mutation',
    access: 'purchasing',
    input: supplierCreateInput,
    output: supplierAnswer,
    run: ({ deps, input }) => createSupplier(deps, input),
    rest: {
      method: 'POST',
      path: '/api/suppliers/',
      summary: 'Create a supplier {name, contact, email, phone, terms, notes}; names are unique (400 {name})',
      tag: TAG,
      body: true,
      successStatus: 201,
    },
  }),
  updateSupplier: defineOperation({
    kind: 'mutation',
    access: 'purchasing',
    input: supplierUpdateInput,
    output: supplierAnswer,
    run: ({ deps, input }) => updateSupplier(deps, input.id, input.data),
    rest: { method: 'PUT', path: '/api/suppliers/{id}/', summary: "Replace a supplier's fields", tag: TAG, body: 'data' },
  }),
  deleteSupplier: defineOperation({
    kind: 'mutation',
    access: 'purchasing',
    input: idInput,
    output: noAnswer,
    run: ({ deps, input }) => deleteSupplier(deps, input.id),
    rest: {
      method: 'DELETE',
      path: '/api/suppliers/{id}/',
      summary: 'Delete a supplier (its components lose it as preferred supplier); 409 while purchase orders name it',
      tag: TAG,
      successStatus: 204,
      answers: { 409: 'Purchase orders name the supplier' },
    },
  }),
  components: defineOperation({
    kind: 'query',
    access: 'purchasing',
    output: componentPurchasingListAnswer,
    run: ({ deps }) => listComponentPurchasing(deps),
    rest: {
      method: 'GET',
      path: '/api/components/purchasing/',
      summary: 'How each component is bought: preferred supplier, supplier part number, last price, lead time (days), pack size',
      tag: TAG,
    },
  }),
  updateComponent: defineOperation({
    kind: 'mutation',
    access: 'purchasing',
    input: componentPurchasingInput,
    output: componentPurchasingAnswer,
    run: ({ deps, input }) => updateComponentPurchasing(deps, input.id, input.data),
    rest: {
      method: 'PUT',
      path: '/api/components/{id}/purchasing/',
      summary:
        "Set how a component is bought {preferred_supplier_id, supplier_part_number, last_price, lead_time_days, pack_size}; 400 {preferred_supplier_id} for a supplier that does not exist",
      tag: TAG,
      body: 'data',
    },
  }),
  list: defineOperation({
    kind: 'query',
    access: ['purchasing', 'receiving'],
    input: purchaseOrderListInput,
    output: purchaseOrderListAnswer,
    run: ({ deps, input }) => listPurchaseOrders(deps, input ?? {}),
    rest: {
      method: 'GET',
      path: '/api/purchase-orders/',
      summary:
        'Purchase orders, newest first, 25 a page (page_size: 1 to 100). search: number or supplier contains (any case); status; supplier_id. ' +
        'The shop receives them without total.',
      tag: TAG,
      query: true,
      shape: restPage,
      output: purchaseOrderListRestAnswer,
    },
  }),
  exportCsv: defineBinaryOperation({
    kind: 'query',
    access: 'purchasing',
    input: purchaseOrderListInput,
    trpc: false,
    run: async ({ deps, input }) => purchaseOrdersCsv(deps, input ?? {}),
    rest: {
      method: 'GET',
      path: '/api/purchase-orders/export.csv',
      summary: "The purchase orders list as CSV (UTF-8 with BOM; ISO dates): the list's filters, every match, newest first, streamed.",
      tag: TAG,
      query: true,
      produces: 'text/csv',
      reply: ({ stream, filename }, reply) => sendCsv(reply, stream, filename),
    },
  }),
  get: defineOperation({
    kind: 'query',
    access: ['purchasing', 'receiving'],
    input: idInput,
    output: purchaseOrderAnswer,
    run: ({ deps, input }) => getPurchaseOrder(deps, input.id),
    rest: {
      method: 'GET',
      path: '/api/purchase-orders/{id}/',
      summary:
        'The purchase order: number, supplier, status, expected date, notes, lines (ordered, received, outstanding, unit cost, amount), total, version. ' +
        'The shop receives it without unit costs, amounts and total.',
      tag: TAG,
    },
  }),
  draft: defineOperation({
    kind: 'mutation',
    access: 'purchasing',
    input: draftInput,
    output: draftAnswer,
    run: ({ deps, user, input }) => draftFromMaterials(deps, user, input),
    rest: {
      method: 'POST',
      path: '/api/purchase-orders/draft/',
      summary:
        "Draft purchase orders from the materials list of ship dates {from, to}: one per preferred supplier, each component's to buy rounded " +
        'up to its pack size, at its last price (else its cost), expected after the longest lead time. Components without a preferred ' +
        'supplier are not drafted and are listed in without_supplier.',
      tag: TAG,
      body: true,
      successStatus: 201,
    },
  }),
  update: defineOperation({
    kind: 'mutation',
    access: 'purchasing',
    input: purchaseOrderUpdateInput,
    output: purchaseOrderAnswer,
    run: ({ deps, user, input }) => updatePurchaseOrder(deps, user, input.id, input.data),
    rest: {
      method: 'PUT',
      path: '/api/purchase-orders/{id}/',
      summary:
        'Replace a draft or sent purchase order\'s lines [{component_id, quantity, unit_cost}], expected_date and notes (version required: ' +
        'missing -> 400 {version}, stale -> 409). 409 once anything was received, or when cancelled.',
      tag: TAG,
      body: 'data',
      answers: { 409: 'Stale version, or the purchase order is no longer editable' },
    },
  }),
  delete: defineOperation({
    kind: 'mutation',
    access: 'purchasing',
    input: idInput,
    output: noAnswer,
    run: ({ deps, user, input }) => deletePurchaseOrder(deps, user, input.id),
    rest: {
      method: 'DELETE',
      path: '/api/purchase-orders/{id}/',
      summary: 'Delete a draft purchase order (its number is not used again); 409 once sent (cancel it instead)',
      tag: TAG,
      successStatus: 204,
      answers: { 409: 'The purchase order is not a draft' },
    },
  }),
  markSent: defineOperation({
    kind: 'mutation',
    access: 'purchasing',
    input: idInput,
    output: purchaseOrderAnswer,
    run: ({ deps, user, input }) => markSent(deps, user, input.id),
    rest: {
      method: 'POST',
      path: '/api/purchase-orders/{id}/mark-sent/',
      summary: 'A draft sent another way (phone, the supplier\'s portal) becomes sent; 409 when it is not a draft',
      tag: TAG,
      answers: { 409: 'The purchase order is not a draft' },
    },
  }),
  send: defineOperation({
    kind: 'mutation',
    access: 'purchasing',
    input: sendInput,
    output: sendAnswer,
    run: ({ deps, user, input }) => sendPurchaseOrder(deps, user, input.id, input.data),
    rest: {
      method: 'POST',
      path: '/api/purchase-orders/{id}/send/',
      summary:
        "Email a draft to its supplier {to?, cc?, subject?, body?} (to: the supplier's email by default) with its PDF, through the queue; it " +
        'becomes sent. Answers the purchase order and the sent log entry. Without an SMTP server the message is kept as not_sent and the ' +
        'purchase order stays a draft. 400 {to} without an address; 409 when it is not a draft.',
      tag: TAG,
      body: 'data',
      answers: { 409: 'The purchase order is not a draft' },
    },
  }),
  cancel: defineOperation({
    kind: 'mutation',
    access: 'purchasing',
    input: idInput,
    output: purchaseOrderAnswer,
    run: ({ deps, user, input }) => cancelPurchaseOrder(deps, user, input.id),
    rest: {
      method: 'POST',
      path: '/api/purchase-orders/{id}/cancel/',
      summary: 'Cancel a draft, sent or partly received purchase order: what was received stays in stock, the rest is no longer on order; 409 otherwise',
      tag: TAG,
      answers: { 409: 'The purchase order is received or cancelled' },
    },
  }),
  receive: defineOperation({
    kind: 'mutation',
    access: 'receiving',
    input: receiveInput,
    output: purchaseOrderAnswer,
    run: ({ deps, user, input }) => receivePurchaseOrder(deps, user, input.id, input.data),
    rest: {
      method: 'POST',
      path: '/api/purchase-orders/{id}/receive/',
      summary:
        'Receive parts {lines: [{line_id, quantity}], confirm_over_receipt}: each into stock at the line\'s unit cost, and the status moves ' +
        '(partly_received, received). More than is outstanding on a line -> 400 {confirm_over_receipt, lines[i].quantity} until confirmed. ' +
        '409 when the purchase order is not sent or partly received.',
      tag: TAG,
      body: 'data',
      answers: { 409: 'The purchase order is a draft, received or cancelled' },
    },
  }),
  documents: defineOperation({
    kind: 'query',
    access: 'purchasing',
    input: idInput,
    output: documentList,
    run: async ({ deps, input }) => ({ results: await listDocuments(deps, 'purchase_order', input.id) }),
  }),
});
