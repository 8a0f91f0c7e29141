import { z } from 'zod';
import { TEXT_LIMITS } from '../constants';
import { MESSAGES } from '../messages';
import { requiredText } from './fields';
import { requiredMoney } from './money-fields';

/** Components form and POST/PUT /api/components/ (invoices spec §5). Markup is a percent. */
export const componentSchema = z.object({
  name: requiredText(MESSAGES.nameRequired, TEXT_LIMITS.line),
  cost: requiredMoney(MESSAGES.costRequired, {
    invalid: MESSAGES.costInvalid,
    negative: MESSAGES.costPositive,
  }),
  markup: requiredMoney(MESSAGES.markupRequired, {
    invalid: MESSAGES.markupInvalid,
    negative: MESSAGES.markupPositive,
  }),
});

export type ComponentInput = z.input<typeof componentSchema>;
export type ComponentData = z.output<typeof componentSchema>;
