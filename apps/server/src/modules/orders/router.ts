import { protectedProcedure, router } from '../../trpc/init';
import { changeStatusInput, orderIdInput, orderListInput, orderUpdateInput, orderWriteInput, removeFileInput } from './schemas';
import {
  proposeDoorNumber,
  changeOrderStatus,
  createOrder,
  deleteOrder,
  getOrder,
  initialData,
  listOrders,
  orderHistory,
  ordersByMonth,
  unvoidOrder,
  updateOrder,
  voidOrder,
  type OrderListFilters,
} from './service';
import { removeOrderFile } from './files';

/** tRPC list answers give page numbers (next/previous) where REST gives URLs. */
const filtersOf = (input: OrderListFilters | null | undefined): OrderListFilters => input ?? {};

export const ordersRouter = router({
  get: protectedProcedure.input(orderIdInput).query(({ ctx, input }) => getOrder(ctx.deps, input.id)),
  create: protectedProcedure.input(orderWriteInput).mutation(({ ctx, input }) => createOrder(ctx.deps, ctx.user, input)),
  update: protectedProcedure.input(orderUpdateInput).mutation(({ ctx, input }) => updateOrder(ctx.deps, ctx.user, input.id, input.data)),
  delete: protectedProcedure.input(orderIdInput).mutation(async ({ ctx, input }) => {
    await deleteOrder(ctx.deps, ctx.user, input.id);
    return { success: true as const };
  }),
  list: protectedProcedure.input(orderListInput).query(async ({ ctx, input }) => {
    const page = await listOrders(ctx.deps, filtersOf(input));
    return { count: page.count, next: page.next_page, previous: page.previous_page, results: page.results };
  }),
  initialData: protectedProcedure.input(orderListInput).query(async ({ ctx, input }) => {
    const data = await initialData(ctx.deps, filtersOf(input));
    return { years: data.years, statuses: data.statuses, orders: { count: data.orders.count, results: data.orders.results, next: data.orders.next_page } };
  }),
  byMonth: protectedProcedure.query(({ ctx }) => ordersByMonth(ctx.deps)),
  changeStatus: protectedProcedure
    .input(changeStatusInput)
    .mutation(({ ctx, input }) => changeOrderStatus(ctx.deps, ctx.user, input.id, input.new_status)),
  void: protectedProcedure.input(orderIdInput).mutation(({ ctx, input }) => voidOrder(ctx.deps, ctx.user, input.id)),
  unvoid: protectedProcedure.input(orderIdInput).mutation(({ ctx, input }) => unvoidOrder(ctx.deps, ctx.user, input.id)),
  /** A mutation, not a query: every call allocates a number (a refetch would burn one). */
  nextDoorNumber: protectedProcedure.query(({ ctx }) => proposeDoorNumber(ctx.deps)),
  history: protectedProcedure.input(orderIdInput).query(({ ctx, input }) => orderHistory(ctx.deps, input.id)),
  removeFile: protectedProcedure.input(removeFileInput).mutation(({ ctx, input }) => removeOrderFile(ctx.deps, ctx.user, input.id, input.kind)),
});
