import { defineBinaryOperation, defineOperation, operationSet } from '../../operations/define';
import { successAnswer } from '../../operations/answers';
import { sendCsv } from '../../csv';
import { customersCsv } from './export';
import { restPage } from '../../rest/pages';
import {
  customerAnswer,
  customerIdInput,
  customerListAnswer,
  customerListInput,
  customerListRestAnswer,
  customerUpdateInput,
  customerWriteInput,
} from './schemas';
import { listCustomers } from './customer-list';
import { getCustomer } from './customer-read';
import { createCustomer, deleteCustomer, updateCustomer } from './customer-write';

const TAG = 'Customers';

/**
 * Customers, for every signed-in user. The country and region choices under
 * /api/customers/ stay in the lookups module, unchanged.
 */
export const customersOperations = operationSet('customers', {
  list: defineOperation({
    kind: 'query',
    access: 'prices',
    input: customerListInput,
    output: customerListAnswer,
    run: ({ deps, input }) => listCustomers(deps, input ?? {}),
    rest: {
      method: 'GET',
      path: '/api/customers/',
      summary:
        'Customers by name, 25 a page (page_size: 1 to 100), each with its billing address, default ship-to and order count. search: name, ' +
        'email, phone or billing city contains, any case (count exact up to 1,000 matches, then a lower bound). ' +
        'A page past the end is a 404.',
      tag: TAG,
      query: true,
      shape: restPage,
      output: customerListRestAnswer,
    },
  }),
  /** The list as a CSV download: the same search, every matching customer (not a page). */
  exportCsv: defineBinaryOperation({
    kind: 'query',
    access: 'prices',
    input: customerListInput,
    trpc: false,
    run: async ({ deps, input }) => customersCsv(deps, input ?? {}),
    rest: {
      method: 'GET',
      path: '/api/customers/export.csv',
      summary:
        "The customers list as CSV (UTF-8 with BOM; ISO dates; text cells starting with = + - @ prefixed with '): the list " +
        'search, every matching customer with billing address, default ship-to and order count, by name, streamed.',
      tag: TAG,
      query: true,
      produces: 'text/csv',
      reply: ({ stream, filename }, reply) => sendCsv(reply, stream, filename),
    },
  }),
  get: defineOperation({
    kind: 'query',
    access: 'prices',
    input: customerIdInput,
    output: customerAnswer,
    run: ({ deps, input }) => getCustomer(deps, input.id),
    rest: {
      method: 'GET',
      path: '/api/customers/{id}/',
      summary:
        'The customer: contact, billing address, ship-to addresses, notes, the newest 100 orders and invoices, their ' +
        'counts, and the balance (invoice totals minus payments/credits), version',
      tag: TAG,
    },
  }),
  create: defineOperation({
    kind: 'mutation',
    access: ['sales', 'books'],
    input: customerWriteInput,
    output: customerAnswer,
    run: ({ deps, user, input }) => createCustomer(deps, user, input),
    rest: {
      method: 'POST',
      path: '/api/customers/',
      summary:
        'Create a customer (name required; phone, email, ZIP as on the order form). 201 with the customer; 400 {field: [...]}.',
      tag: TAG,
      body: true,
      successStatus: 201,
    },
  }),
  update: defineOperation({
    kind: 'mutation',
    access: ['sales', 'books'],
    input: customerUpdateInput,
    output: customerAnswer,
    run: ({ deps, user, input }) => updateCustomer(deps, user, input.id, input.data),
    rest: {
      method: 'PUT',
      path: '/api/customers/{id}/',
      summary:
        "Replace the customer's fields and ship-to list (version required: missing -> 400 {version}, stale -> 409 {detail}). " +
        'Orders and invoices keep their own addresses.',
      tag: TAG,
      body: 'data',
      answers: { 409: 'The customer was changed by someone else since the version you read' },
    },
  }),
  delete: defineOperation({
    kind: 'mutation',
    access: ['sales', 'books'],
    input: customerIdInput,
    output: successAnswer,
    run: async ({ deps, user, input }) => {
      await deleteCustomer(deps, user, input.id);
      return { success: true as const };
    },
    rest: {
      method: 'DELETE',
      path: '/api/customers/{id}/',
      summary: 'Delete the customer. 409 {detail} while they have orders.',
      tag: TAG,
      successStatus: 204,
      answers: { 409: 'The customer has orders ({detail} says how many)' },
    },
  }),
});
