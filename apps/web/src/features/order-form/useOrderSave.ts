import { useState } from 'react';
import { get, type FieldPath } from 'react-hook-form';
import { MESSAGES, listFieldErrors, type OrderData } from '@icehouse/domain';
import { serverErrorData, serverFieldErrors, serverMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { unsavedChanges, type UnsavedChange } from './describeChanges';
import type { OrderLookups } from './lookups';
import type { OrderFormContext } from './orderFormContext';
import type { BusyAction } from './sections/ActionBar';
import { ORDER_FORM_TEXT } from './texts';
import type { OrderFormValues, OrderView } from './types';

/** A save refused because someone else saved the order first: their message and the user's changes. */
export interface ConflictState {
  message: string;
  changes: UnsavedChange[];
}

export interface OrderSaveOptions {
  lookups: OrderLookups;
  /** Runs after the first save of a new order (uploads the held files). */
  afterCreate: (saved: OrderView) => Promise<void>;
  /** The save went through: nothing is pending any more. */
  onSaved: () => void;
  /** Whether the door number is the server's proposal, and how to replace a taken one. */
  doorNumber: { isProposed: (value: string) => boolean; refreshTaken: (taken: string) => Promise<void> };
}

/**
 * Saving the order through tRPC `orders.create`/`orders.update`: validation, the server's field
 * errors mapped onto the fields, and the stale-save conflict (branching on `appCode`, never text).
 */
export function useOrderSave(ctx: OrderFormContext, options: OrderSaveOptions) {
  const { form, order, adopt, setNotice, setBusy } = ctx;
  const utils = trpc.useUtils();
  const create = trpc.orders.create.useMutation();
  const update = trpc.orders.update.useMutation();
  const [conflict, setConflict] = useState<ConflictState | null>(null);

  function showFieldErrors(fieldErrors: NonNullable<ReturnType<typeof serverFieldErrors>>) {
    const values = form.getValues();
    const others: string[] = [];
    let focus = true;
    for (const { path, messages } of listFieldErrors(fieldErrors)) {
      const message = messages[0];
      if (!message) continue;
      if (path !== '' && get(values, path) !== undefined) {
        form.setError(
          path as FieldPath<OrderFormValues>,
          { type: 'server', message },
          { shouldFocus: focus },
        );
        focus = false;
      } else {
        others.push(message);
      }
    }
    setNotice({ tone: 'error', text: [ORDER_FORM_TEXT.validationFailed, ...others].join(' ') });
    const taken = form.getValues('door_number');
    if (order === null && 'door_number' in fieldErrors && options.doorNumber.isProposed(taken)) {
      void options.doorNumber.refreshTaken(taken);
    }
  }

  function reportSaveError(error: unknown) {
    const data = serverErrorData(error);
    if (data?.appCode === 'CONFLICT' || data?.code === 'CONFLICT') {
      setConflict({
        message: serverMessage(error) ?? ORDER_FORM_TEXT.staleSave,
        changes: unsavedChanges(form.formState.dirtyFields, form.getValues(), options.lookups),
      });
      setNotice(null);
      return;
    }
    const fieldErrors = serverFieldErrors(error);
    if (fieldErrors) showFieldErrors(fieldErrors);
    else setNotice({ tone: 'error', text: serverMessage(error) ?? MESSAGES.saveOrderError });
  }

  /** Saves the valid values; the saved order, or null when the server refused (the reason is shown). */
  async function persist(data: OrderData): Promise<OrderView | null> {
    const body = { ...data, additional_info: form.getValues('additional_info') };
    setConflict(null);
    try {
      const saved = order
        ? await update.mutateAsync({ id: order.id, data: { ...body, version: order.version } })
        : await create.mutateAsync(body);
      const wasNew = order === null;
      adopt(saved, false);
      options.onSaved();
      if (wasNew) await options.afterCreate(saved);
      void utils.orders.invalidate();
      return saved;
    } catch (error) {
      console.error('Saving the order failed', error);
      reportSaveError(error);
      return null;
    }
  }

  /** Validates, saves, then runs `after` with the saved order (else says it was saved). */
  function submit(action: BusyAction, after?: (saved: OrderView) => Promise<void> | void): Promise<void> {
    return form.handleSubmit(
      async (data) => {
        setBusy(action);
        const wasNew = order === null;
        try {
          const saved = await persist(data);
          if (!saved) return;
          if (after) await after(saved);
          else
            setNotice({ tone: 'success', text: wasNew ? ORDER_FORM_TEXT.created : ORDER_FORM_TEXT.updated });
        } finally {
          setBusy(null);
        }
      },
      () => {
        setConflict(null);
        setNotice({ tone: 'error', text: ORDER_FORM_TEXT.validationFailed });
      },
    )();
  }

  /** After a conflict: loads the latest order, keeping the user's unsaved changes on top. */
  async function reloadLatest() {
    if (!order) return;
    const kept = conflict?.changes ?? [];
    setBusy('reload');
    try {
      const latest = await utils.client.orders.get.query({ id: order.id });
      adopt(latest, true);
      setConflict(null);
      const labels = [...new Set(kept.map((change) => change.label))].join(', ');
      setNotice({
        tone: 'info',
        text: labels ? ORDER_FORM_TEXT.reloadedKept(labels) : ORDER_FORM_TEXT.reloaded,
      });
      void utils.orders.invalidate();
    } catch (error) {
      console.error('Reloading the order failed', error);
      setNotice({ tone: 'error', text: MESSAGES.loadOrderError });
    } finally {
      setBusy(null);
    }
  }

  return { conflict, submit, reloadLatest };
}

export type OrderSave = ReturnType<typeof useOrderSave>;
