import { z } from 'zod';
import { BOARD_STATUSES, MESSAGES, addDays, isIsoDate, todayIso, weekdayOf } from '@icehouse/domain';

/** The shop board's input and answer (board.ts makes the board). */

const blank = (v: unknown) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v);

/** Any day of the week to show (default: this week); the board runs Monday to Sunday. */
export const boardInput = z
  .object({ week: z.preprocess(blank, z.string().refine(isIsoDate, MESSAGES.dateInvalid).optional()).describe('A day of the week, YYYY-MM-DD (default today)') })
  .nullish()
  .transform((v) => {
    const day = v?.week ?? todayIso();
    const from = addDays(day, -((weekdayOf(day) + 6) % 7));
    return { from, to: addDays(from, 6) };
  });

export const boardAnswer = z.object({
  from: z.string(),
  to: z.string(),
  capacity: z.number().int().nullable().describe("Company Information's weekly capacity in units (null: not set)"),
  units: z.number().int().describe('Units (orders) shipping this week'),
  over_capacity: z.boolean().describe('True when units exceed the capacity'),
  cards: z.array(
    z.object({
      id: z.number().int(),
      version: z.number().int(),
      door_number: z.string(),
      customer_name: z.string(),
      building: z.string(),
      ship_date: z.string().nullable(),
      status: z.enum(BOARD_STATUSES),
      next_possible_status: z.string().nullable(),
      missing_requirements: z.array(z.string()),
    }),
  ),
});
