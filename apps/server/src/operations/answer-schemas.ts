/**
 * Every operation's answer schema by name (its tRPC path), and every JSON REST path's answer schema,
 * composed from each module's `schemas.ts` (its `…Answers` and `…RestAnswers`, beside the schemas they
 * name), one line a module like `modules/operations.ts`: the very objects the operations declare
 * (answer-schemas.test.ts checks they are the same and none is missing). The web's test fakes parse their
 * answers with these, so a fake cannot drift from what the server answers. Schema files only (zod, the
 * domain), never the server's runtime: the web's tests (jsdom) load this.
 */
import { systemAnswers } from '../modules/system/schemas';
import { lookupsAnswers, lookupsRestAnswers } from '../modules/lookups/schemas';
import { authAnswers, authRestAnswers } from '../modules/auth/schemas';
import { usersAnswers, usersRestAnswers } from '../modules/users/schemas';
import { catalogueAnswers, catalogueRestAnswers } from '../modules/catalogue/schemas';
import { companyAnswers, companyRestAnswers } from '../modules/company/schemas';
import { ordersAnswers, ordersRestAnswers } from '../modules/orders/schemas';
import { orderFilesAnswers, orderFilesRestAnswers } from '../modules/order-files/schemas';
import { customersAnswers, customersRestAnswers } from '../modules/customers/schemas';
import { invoicesAnswers, invoicesRestAnswers } from '../modules/invoices/schemas';
import { bolsAnswers, bolsRestAnswers } from '../modules/bols/schemas';
import { scheduleAnswers, scheduleRestAnswers } from '../modules/schedule/schemas';
import { tokensAnswers } from '../modules/tokens/schemas';
import { webhooksAnswers, webhooksRestAnswers } from '../modules/webhooks/schemas';
import { failedJobsAnswers } from '../modules/failed-jobs/schemas';
import { documentsAnswers } from '../modules/documents/schemas';
import { emailAnswers, emailRestAnswers } from '../modules/email/schemas';
import { liveAnswers } from '../modules/live/schemas';
import { paymentsAnswers, paymentsRestAnswers } from '../modules/payments/schemas';
import { productionAnswers, productionRestAnswers } from '../modules/production/schemas';
import { depositsAnswers, depositsRestAnswers } from '../modules/deposits/schemas';
import { creditAnswers, creditRestAnswers } from '../modules/credit/schemas';
import { reportsAnswers, reportsRestAnswers } from '../modules/reports/schemas';
import { quotesAnswers, quotesRestAnswers } from '../modules/quotes/schemas';
import { statementsAnswers, statementsRestAnswers } from '../modules/statements/schemas';
import { spreadsheetsAnswers, spreadsheetsRestAnswers } from '../modules/spreadsheets/schemas';
import { stockAnswers, stockRestAnswers } from '../modules/stock/schemas';
import { purchasingAnswers, purchasingRestAnswers } from '../modules/purchasing/schemas';

/** By operation name: tRPC procedures and subscriptions (the data of each event), and REST-only operations. */
export const answerSchemas = {
  ...systemAnswers,
  ...lookupsAnswers,
  ...authAnswers,
  ...usersAnswers,
  ...catalogueAnswers,
  ...companyAnswers,
  ...ordersAnswers,
  ...orderFilesAnswers,
  ...customersAnswers,
  ...invoicesAnswers,
  ...bolsAnswers,
  ...scheduleAnswers,
  ...tokensAnswers,
  ...webhooksAnswers,
  ...failedJobsAnswers,
  ...documentsAnswers,
  ...emailAnswers,
  ...liveAnswers,
  ...paymentsAnswers,
  ...productionAnswers,
  ...depositsAnswers,
  ...creditAnswers,
  ...reportsAnswers,
  ...quotesAnswers,
  ...statementsAnswers,
  ...spreadsheetsAnswers,
  ...stockAnswers,
  ...purchasingAnswers,
};

/** By REST route (`METHOD /api/path/{param}/`) answering JSON: the operation's answer unless the route shapes its own. */
export const restAnswerSchemas = {
  ...lookupsRestAnswers,
  ...authRestAnswers,
  ...usersRestAnswers,
  ...catalogueRestAnswers,
  ...companyRestAnswers,
  ...ordersRestAnswers,
  ...orderFilesRestAnswers,
  ...customersRestAnswers,
  ...invoicesRestAnswers,
  ...bolsRestAnswers,
  ...scheduleRestAnswers,
  ...webhooksRestAnswers,
  ...paymentsRestAnswers,
  ...productionRestAnswers,
  ...depositsRestAnswers,
  ...creditRestAnswers,
  ...reportsRestAnswers,
  ...quotesRestAnswers,
  ...statementsRestAnswers,
  ...spreadsheetsRestAnswers,
  ...emailRestAnswers,
  ...stockRestAnswers,
  ...purchasingRestAnswers,
};
