import { defineBinaryOperation, defineOperation, operationSet } from '../../operations/define';
import { PRINTING_TAG as TAG, sendPdf } from '../documents/reply';
import { bolInfoAnswer, bolInfoInput, saveBolInput } from './schemas';
import { getBolInfo, saveBol } from './service';
import { renderBolPdf } from './documents';
import { headerText } from '../../header-values';


export const bolsOperations = operationSet('bols', {
  /** The BOL modal's opening values; reading never uses up a number. */
  info: defineOperation({
    kind: 'query',
    access: 'work',
    input: bolInfoInput,
    output: bolInfoAnswer,
    run: ({ deps, input }) => getBolInfo(deps, input.orderId),
    rest: {
      method: 'GET',
      path: '/api/orders/{id}/get-bol-number/',
      summary:
        "What the BOL modal opens with: {bol_number, is_update, date, free_on_board}. Without a BOL, the number a new one " +
        'would get now (not reserved: it is allocated when the BOL is created).',
      tag: TAG,
      params: { id: 'orderId' },
    },
  }),
  /** Creating or updating a BOL answers its PDF, so it is REST only (the web fetches it as a blob). */
  save: defineBinaryOperation({
    kind: 'mutation',
    access: 'production',
    input: saveBolInput,
    trpc: false,
    run: async ({ deps, user, input }) => {
      const { bol, created } = await saveBol(deps, user, input.id, input.data);
      const { pdf, filename } = await renderBolPdf(deps, input.id, bol, user.id);
      return { bol, created, pdf, filename };
    },
    rest: {
      method: 'POST',
      path: '/api/orders/{id}/create-bill-of-lading/',
      summary:
        "Create the order's bill of lading (a new number) or update its date and free on board (same number), answered " +
        'as its PDF (attachment; filename="bill-of-lading-{number}.pdf"; 201 created, 200 updated; header X-Bol-Number). ' +
        '400 {bill_of_lading_date} without a date, 400 {detail, error} for a voided order, 503 without a browser (the BOL is saved).',
      tag: TAG,
      body: 'data',
      produces: 'application/pdf',
      successStatus: 201,
      answers: { 409: 'No free bill of lading number could be found: try again' },
      reply: ({ bol, created, pdf, filename }, reply) => sendPdf(reply.header('x-bol-number', headerText(bol.bolNumber)), pdf, 'attachment', filename, created ? 201 : 200),
    },
  }),
});
