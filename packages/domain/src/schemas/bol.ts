import { z } from 'zod';
import { TEXT_LIMITS } from '../constants';
import { MESSAGES } from '../messages';
import { optionalText, requiredDate } from './fields';

/** POST /api/orders/{id}/create-bill-of-lading/: the BOL modal's date and free on board. */
export const bolSchema = z.object({
  bill_of_lading_date: requiredDate(MESSAGES.bolDateRequired),
  free_on_board: optionalText(TEXT_LIMITS.line),
});

export type BolInput = z.input<typeof bolSchema>;
export type BolData = z.output<typeof bolSchema>;
