import { useCallback, useEffect, useRef } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { OrderData } from '@icehouse/domain';
import { trpc } from '../../lib/trpc';
import { ORDER_FORM_TEXT } from './texts';
import type { OrderFormValues, OrderView } from './types';

/**
 * The door number a new order opens with: the server proposes the next free one without taking it
 * (a query: decision 010); saving the order takes it. Always asked afresh, never from a cache.
 */
export function useDoorNumberProposal(
  form: UseFormReturn<OrderFormValues, unknown, OrderData>,
  initialOrder: OrderView | null,
  initialDoorNumber: string,
) {
  const utils = trpc.useUtils();
  const propose = useCallback(() => utils.client.orders.nextDoorNumber.query(), [utils]);
  /** The number the server proposed for this new order (a copy opens with one), null once typed over. */
  const proposed = useRef<string | null>(
    initialOrder === null && initialDoorNumber !== '' ? initialDoorNumber : null,
  );

  // A new order shows the next free door number (proposed, not taken: opening forms burns nothing).
  const asked = useRef(false);
  useEffect(() => {
    if (initialOrder !== null || asked.current || initialDoorNumber !== '') return;
    asked.current = true;
    propose()
      .then(({ door_number }) => {
        if (form.getFieldState('door_number').isDirty) return;
        proposed.current = door_number;
        form.resetField('door_number', { defaultValue: door_number });
      })
      .catch((error: unknown) => console.warn('Could not get the next door number', error));
  }, [propose, form, initialOrder, initialDoorNumber]);

  /** Whether the form still holds the number the server proposed (not one the user typed). */
  const isProposed = (doorNumber: string) => doorNumber === proposed.current;

  /**
   * Another order was saved with the proposed number first: fill in a fresh proposal and say so on
   * the field (a number the user typed is theirs to change).
   */
  async function refreshTaken(taken: string) {
    try {
      const { door_number } = await propose();
      if (door_number === taken || form.getValues('door_number') !== taken) return;
      proposed.current = door_number;
      form.setValue('door_number', door_number, { shouldDirty: true });
      form.setError('door_number', {
        type: 'server',
        message: ORDER_FORM_TEXT.doorNumberRefreshed(taken, door_number),
      });
    } catch (error) {
      console.warn('Could not get a fresh door number', error);
    }
  }

  return { propose, isProposed, refreshTaken };
}
