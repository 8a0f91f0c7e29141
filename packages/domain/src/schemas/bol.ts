import { z } from 'zod';
import { MESSAGES } from '../messages';
import { optionalText, requiredDate } from './fields';

/** POST /api/orders/{id}/create-bill-of-lading/: the BOL modal's date and free on board. */
export const bolSchema = z.object({
  bill_of_lading_date: requiredDate(MESSAGES.bolDateRequired),
  free_on_board: optionalText(255),
});

export type BolInput = z.input<typeof bolSchema>;
export type BolData = z.output<typeof bolSchema>;
