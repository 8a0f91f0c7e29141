import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import { orderSchema, type OrderData } from '@icehouse/domain';
import { toSubmission } from './formValues';
import type { OrderFormValues } from './types';

const schemaResolver = zodResolver(orderSchema);

/**
 * The order form's validation: the domain's orderSchema (every §5 rule and message) applied to
 * what a save would send, so fields the form hides for this building are not judged. The
 * messages land on the fields of the same path.
 */
export const orderFormResolver: Resolver<OrderFormValues, unknown, OrderData> = async (
  values,
  context,
  options,
) => {
  const result = await schemaResolver(
    toSubmission(values),
    context,
    options as unknown as Parameters<typeof schemaResolver>[2],
  );
  return result as unknown as Awaited<ReturnType<Resolver<OrderFormValues, unknown, OrderData>>>;
};
