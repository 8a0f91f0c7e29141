import { bolSchema } from '@icehouse/domain';
import { defineRoute } from '../../rest/route';
import { idParams } from '../../rest/params';
import { sendPdf } from '../invoices/pdf-reply';
import { headerText } from '../../header-values';
import { bolInfoAnswer } from './schemas';
import { getBolInfo, saveBol } from './service';
import { renderBolPdf, renderOrderPrintPdf } from './documents';

const TAG = 'Bills of lading and printing';

export const bolsRestRoutes = [
  defineRoute({
    method: 'GET',
    path: '/api/orders/{id}/get-bol-number/',
    summary:
      "What the BOL modal opens with: {bol_number, is_update, date, free_on_board}. Without a BOL, the number a new one " +
      'would get now (not reserved: it is allocated when the BOL is created).',
    tag: TAG,
    access: 'user',
    params: idParams,
    response: bolInfoAnswer,
    handler: ({ deps, params }) => getBolInfo(deps, params.id),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/orders/{id}/create-bill-of-lading/',
    summary:
      "Create the order's bill of lading (a new number) or update its date and free on board (same number), answered " +
      'as its PDF (attachment; filename="bill-of-lading-{number}.pdf"; 201 created, 200 updated; header X-Bol-Number). ' +
      '400 {bill_of_lading_date} without a date, 400 {detail, error} for a voided order, 503 without a browser (the BOL is saved).',
    tag: TAG,
    access: 'user',
    params: idParams,
    body: bolSchema,
    produces: 'application/pdf',
    successStatus: 201,
    handler: async ({ deps, params, body, user, reply }) => {
      const { bol, created } = await saveBol(deps, user, params.id, body);
      const { pdf, filename } = await renderBolPdf(deps, params.id, bol);
      reply.header('x-bol-number', headerText(bol.bolNumber));
      return sendPdf(reply, pdf, 'attachment', filename, created ? 201 : 200);
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/api/orders/{id}/print/',
    summary: 'The order as a PDF for the shop floor (inline; filename="order-{door number}.pdf"). 503 {detail} without a browser.',
    tag: TAG,
    access: 'user',
    params: idParams,
    produces: 'application/pdf',
    handler: async ({ deps, params, reply }) => {
      const { pdf, filename } = await renderOrderPrintPdf(deps, params.id);
      return sendPdf(reply, pdf, 'inline', filename);
    },
  }),
];
