import { defineOperation, operationSet } from '../../operations/define';
import { monthlyFiguresAnswer, monthlyFiguresInput, shipScheduleAnswer, shipScheduleInput } from './schemas';
import { shipSchedule } from './ship-schedule';
import { monthlyFiguresOf } from './monthly';

const TAG = 'Reports';

/** The ship schedule calendar and the dashboard's monthly chart: all signed-in staff. */
export const scheduleOperations = operationSet('schedule', {
  shipSchedule: defineOperation({
    kind: 'query',
    access: 'work',
    input: shipScheduleInput,
    output: shipScheduleAnswer,
    run: ({ deps, input }) => shipSchedule(deps, input),
    rest: {
      method: 'GET',
      path: '/api/reports/ship-schedule/',
      summary:
        'Orders by ship date in [start, end] (YYYY-MM-DD, both included, at most 62 days), by ship date then door number; ' +
        'voided orders are left out. 400 {start|end: [...]} for a missing or invalid date, an end before the start or a longer range.',
      tag: TAG,
      query: true,
    },
  }),
  monthly: defineOperation({
    kind: 'query',
    access: 'work',
    input: monthlyFiguresInput,
    output: monthlyFiguresAnswer,
    run: ({ deps, input }) => monthlyFiguresOf(deps, input?.through),
    rest: {
      method: 'GET',
      path: '/api/reports/monthly/',
      summary:
        'Orders (by order date, voided not counted) and invoiced revenue (sum of invoice totals by invoice date) per month ' +
        'for the 12 months ending with through (YYYY-MM; default the current month), oldest first; empty months are 0 and "0.00".',
      tag: TAG,
      query: true,
    },
  }),
});
