import { useCallback, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import type { OrderData } from '@icehouse/domain';
import { Modal } from '../../components';
import { trpc } from '../../lib/trpc';
import { toFormValues } from './formValues';
import type { OrderLookups } from './lookups';
import type { DialogState, FormNotice, FormReplacement, OrderFormContext } from './orderFormContext';
import { OrderFormDialogs } from './OrderFormDialogs';
import { OrderFormFields } from './OrderFormFields';
import { OrderFormNotices } from './OrderFormNotices';
import { ActionBar, type BusyAction } from './sections/ActionBar';
import { ORDER_FORM_TEXT } from './texts';
import type { OrderFormValues, OrderView } from './types';
import { useDoorNumberProposal } from './useDoorNumberProposal';
import { useHeldFiles } from './useHeldFiles';
import { useOrderInvoicing } from './useOrderInvoicing';
import { useOrderLifecycle } from './useOrderLifecycle';
import { useOrderPrinting } from './useOrderPrinting';
import { useOrderSave } from './useOrderSave';
import { useLiveRecord } from '../live-record/useLiveRecord';
import { LiveRecordNotices, OverwriteDialog } from '../live-record/LiveRecordNotices';
import { fieldLabel } from './fieldLabels';
import { useRecheckErrorsOnChange } from './useRecheckErrors';
import { orderFormResolver } from './validation';

export type { FormNotice, FormReplacement } from './orderFormContext';

export interface OrderFormProps {
  /** The saved order; null for a new one. */
  order: OrderView | null;
  initialValues: OrderFormValues;
  lookups: OrderLookups;
  /** Shown on opening. */
  intro?: FormNotice | null;
  /** The values are a copy nobody has saved: leaving asks first. */
  unsavedCopy?: boolean;
  /** Opened from an invoice (spec §2): SAVE & RECREATE INVOICE, and no file uploaders. */
  invoiceMode?: boolean;
  onClose: () => void;
  /** Closes the form because it goes to another page (the invoice it made); default: onClose. */
  onLeave?: () => void;
  onDeleted: (message: string) => void;
  onReplace: (next: FormReplacement) => void;
}

/**
 * The order form (spec §2 "Order form"): react-hook-form with the domain's orderSchema, split into
 * sections, with the sticky action bar. Every JSON call goes through tRPC (saving, invoicing, the
 * BOL's number); the order's PDF, the BOL's PDF and file uploads use their REST paths (binaries).
 * Each concern lives in its own hook: useOrderSave, useOrderInvoicing, useOrderLifecycle,
 * useOrderPrinting, useHeldFiles, useDoorNumberProposal.
 */
export function OrderForm({
  order: initialOrder,
  initialValues,
  lookups,
  intro = null,
  unsavedCopy = false,
  invoiceMode = false,
  onClose,
  onLeave,
  onDeleted,
  onReplace,
}: OrderFormProps) {
  const utils = trpc.useUtils();
  const navigate = useNavigate();
  const [order, setOrder] = useState<OrderView | null>(initialOrder);
  const [notice, setNotice] = useState<FormNotice | null>(intro);
  const [busy, setBusy] = useState<BusyAction | null>(null);
  const [dialog, setDialog] = useState<DialogState | null>(null);
  // A copy nobody has saved counts as unsaved until its first save.
  const [copyPending, setCopyPending] = useState(unsavedCopy);

  const form = useForm<OrderFormValues, unknown, OrderData>({
    defaultValues: initialValues,
    resolver: orderFormResolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  useRecheckErrorsOnChange(form);
  const files = useHeldFiles(initialOrder);
  const hasUnsaved = form.formState.isDirty || copyPending || files.hasHeld;
  const doorNumber = useDoorNumberProposal(form, initialOrder, initialValues.door_number);

  const settingPrice = useCallback(
    (id: number | null) => (id === null ? null : (lookups.settingById.get(id)?.price ?? null)),
    [lookups.settingById],
  );
  const valuesOf = useCallback((view: OrderView) => toFormValues(view, settingPrice), [settingPrice]);

  const { showStored } = files;
  const adopt = useCallback(
    (view: OrderView, keepChanges: boolean) => {
      setOrder(view);
      showStored(view);
      form.reset(valuesOf(view), keepChanges ? { keepDirtyValues: true } : undefined);
    },
    [form, valuesOf, showStored],
  );

  function leaveTo(path: string) {
    navigate(path);
    (onLeave ?? onClose)();
  }

  const ctx: OrderFormContext = { form, order, adopt, setNotice, setBusy, setDialog, leaveTo };
  const save = useOrderSave(ctx, {
    lookups,
    doorNumber,
    onSaved: () => setCopyPending(false),
    afterCreate: (saved) => files.uploadHeld(saved.id),
  });
  const invoicing = useOrderInvoicing(ctx, save, hasUnsaved);
  const lifecycle = useOrderLifecycle(ctx, {
    valuesOf,
    proposeDoorNumber: doorNumber.propose,
    onDeleted,
    onReplace,
  });
  const { onPrint } = useOrderPrinting(ctx, save, hasUnsaved, onClose);
  const { submit } = save;
  const saveNow = useCallback(() => submit('save'), [submit]);
  const live = useLiveRecord({
    kind: 'order',
    record: order,
    form,
    fetchLatest: (id) => utils.client.orders.get.query({ id }),
    adopt,
    valuesOf,
    save: saveNow,
    fieldLabel,
    // Files are not part of the form's save.
    ignoredActions: ['files_changed'],
    ignorePath: (path) => path.endsWith('_manual'),
  });

  function requestClose() {
    if (busy !== null && busy !== 'reload') return;
    if (hasUnsaved) setDialog({ kind: 'close' });
    else onClose();
  }

  function requestNavigate(path: string) {
    if (hasUnsaved) setDialog({ kind: 'leave', path });
    else leaveTo(path);
  }

  function onBol() {
    if (!order) setNotice({ tone: 'error', text: ORDER_FORM_TEXT.saveBeforeBol });
    else setDialog({ kind: 'bol' });
  }

  async function refreshAfterBol() {
    if (!order) return;
    void utils.orders.invalidate();
    try {
      adopt(await utils.client.orders.get.query({ id: order.id }), true);
      setNotice({ tone: 'success', text: ORDER_FORM_TEXT.bolSaved });
    } catch (error) {
      console.error('Reloading the order failed', error);
    }
  }

  const title = order ? 'Edit Order' : 'New Order';
  const { conflict } = save;

  return (
    <FormProvider {...form}>
      <Modal
        open
        onClose={requestClose}
        title={title}
        size="full"
        closeLabel="Close order form"
        actions={
          <ActionBar
            isNew={order === null}
            savedStatus={order?.status ?? null}
            hasInvoice={order?.has_invoice === true}
            hasBol={order?.has_bol === true}
            busy={busy}
            notices={
              conflict || notice || live.remote || live.viewers.length > 0 ? (
                <>
                  <LiveRecordNotices
                    kind="order"
                    remote={live.remote}
                    viewers={live.viewers}
                    onTakeTheirs={() => void live.takeTheirs()}
                    onKeepMine={live.keepMine}
                    reloadQuestion={live.reloadQuestion}
                    onConfirmReload={live.confirmReload}
                    onCancelReload={live.cancelReload}
                  />
                  <OrderFormNotices
                    conflict={conflict}
                    notice={notice}
                    reloading={busy === 'reload'}
                    onReload={() => void save.reloadLatest()}
                    onDismiss={() => setNotice(null)}
                  />
                </>
              ) : null
            }
            onSave={() => void live.guardedSave()}
            onDuplicate={() => (hasUnsaved ? setDialog({ kind: 'duplicate' }) : void lifecycle.duplicate())}
            onVoid={() => setDialog({ kind: 'void' })}
            onUnvoid={() => setDialog({ kind: 'unvoid' })}
            onDelete={() => setDialog({ kind: 'delete' })}
            onClose={requestClose}
            onInvoice={invoicing.onInvoice}
            invoiceMode={invoiceMode}
            onRecreateInvoice={invoicing.onRecreateInvoice}
            onBol={onBol}
            onPrint={onPrint}
          />
        }
      >
        <OrderFormFields
          title={title}
          order={order}
          lookups={lookups}
          files={files}
          invoiceMode={invoiceMode}
          onSubmit={() => void live.guardedSave()}
          onNavigate={requestNavigate}
        />
      </Modal>
      <OverwriteDialog
        overwrite={live.overwrite}
        onConfirm={live.confirmOverwrite}
        onCancel={live.cancelOverwrite}
      />
      <OrderFormDialogs
        dialog={dialog}
        busy={busy}
        order={order}
        onCancel={() => setDialog(null)}
        onDiscard={(current) => {
          setDialog(null);
          if (current?.kind === 'leave') leaveTo(current.path);
          else onClose();
        }}
        onVoid={() => void lifecycle.changeVoided('void')}
        onUnvoid={() => void lifecycle.changeVoided('unvoid')}
        onDelete={() => void lifecycle.remove()}
        onDuplicate={() => void lifecycle.duplicate()}
        onInvoiceDiscard={invoicing.discardAndGo}
        onInvoiceSave={invoicing.saveAndGo}
        onBolSaved={() => void refreshAfterBol()}
      />
    </FormProvider>
  );
}
