import { z } from 'zod';
import { bolSchema } from '@icehouse/domain';
import { idField } from '../../operations/input';

/** Schemas of the BOL operations (the form itself is the domain's bolSchema). */

export const bolInfoInput = z.object({ orderId: idField });
export const saveBolInput = z.object({ id: idField, data: bolSchema });

export const bolInfoAnswer = z.object({
  bol_number: z.string().describe("The order's BOL number, or the number a new BOL would get now (not reserved)"),
  is_update: z.boolean().describe('true when the order already has a BOL'),
  date: z.string().describe("YYYY-MM-DD: the BOL's date; for a new one the order's ship date, else today"),
  free_on_board: z.string(),
});

// ------------------------------------------------------------------------ each call's answer

/** Each JSON call's answer by its name: `src/operations/answer-schemas.ts` composes every module's (the web's test fakes read them). */
export const bolsAnswers = {
  'bols.info': bolInfoAnswer,
};

/** Each JSON REST route's answer: the call's, unless the route shapes its own. */
export const bolsRestAnswers = {
  'GET /api/orders/{id}/get-bol-number/': bolsAnswers['bols.info'],
};
