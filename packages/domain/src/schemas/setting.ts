import { z } from 'zod';
import { SETTING_CATEGORIES, TEXT_LIMITS } from '../constants';
import { MESSAGES } from '../messages';
import { requiredChoice, requiredText } from './fields';
import { PRICE_RULES, requiredMoney } from './money-fields';

/** Configurations form and POST/PUT /api/settings/: category, value and price all required. */
export const settingSchema = z.object({
  category: requiredChoice(SETTING_CATEGORIES, MESSAGES.categoryRequired, MESSAGES.categoryInvalid),
  value: requiredText(MESSAGES.valueRequired, TEXT_LIMITS.line),
  price: requiredMoney(MESSAGES.priceRequired, PRICE_RULES),
});

export type SettingInput = z.input<typeof settingSchema>;
export type SettingData = z.output<typeof settingSchema>;
