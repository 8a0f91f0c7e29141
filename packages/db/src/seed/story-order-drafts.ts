import { orderInputFromQuote, type OrderInput } from '@icehouse/domain';
import { momentOn, type SeedContext } from './context';
import { DRAFT_DOOR_NUMBER, parseOrder, type OrderDraft, type PlannedOrder } from './order-draft';
import { staffOf } from './story';
import { orderInput, storyOrders } from './story-orders';
import { quoteOf } from './story-quotes';

/**
 * The story's orders as drafted (orders.ts drafts the drawn ones): their given fields, or for the
 * order converted from a quote, the quote's (story-quotes.ts).
 */

/** A story order's draft: its given fields through the order's schema (a converted quote's: the quote's fields). */
export function storyDraft(ctx: SeedContext, plan: PlannedOrder): OrderDraft {
  const s = plan.story!;
  const staff = staffOf(ctx);
  const index = storyOrders(ctx.today).findIndex((o) => o.key === s.key);
  const eps = plan.status === 'pending' ? '' : `EPS-${27001 + index}`;
  const data = s.fromQuote
    ? // "Convert to order": the quote's fields, a door number and the day of the conversion (quotes/convert.ts).
      parseOrder(
        orderInputFromQuote(quoteOf(ctx, s.fromQuote).fields, DRAFT_DOOR_NUMBER, plan.date) as OrderInput,
      )
    : parseOrder(orderInput(ctx, plan.customer, plan.status, plan.date, s, eps));
  return {
    data,
    createdBy: staff,
    createdAt: momentOn(ctx, plan.date, 15),
    version: plan.status === 'pending' ? 1 : 2,
    statusChange:
      plan.status === 'pending' ? null : { userId: staff, at: momentOn(ctx, s.statusOn ?? plan.date, 240) },
  };
}
