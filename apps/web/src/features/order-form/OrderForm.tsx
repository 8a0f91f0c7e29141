import { useCallback, useEffect, useRef, useState } from 'react';
import { FormProvider, get, useForm, type FieldPath } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import {
  MESSAGES,
  buildingTypeLabel,
  duplicateOrder,
  listFieldErrors,
  statusLabel,
  type OrderData,
} from '@icehouse/domain';
import { Button, Modal, Notice, type NoticeTone } from '../../components';
import { ApiError, apiBlob, apiJson } from '../../lib/api';
import { serverErrorData, serverFieldErrors, serverMessage } from '../../lib/errors';
import { useHttpClient } from '../../lib/httpContext';
import { trpc } from '../../lib/trpc';
import { BolModal } from './BolModal';
import { ConfirmDialog } from './dialogs/ConfirmDialog';
import { UnsavedChangesDialog } from './dialogs/UnsavedChangesDialog';
import { displayValue, fieldLabel } from './fieldLabels';
import { Section, TextAreaField } from './fields/controls';
import { toFormValues } from './formValues';
import type { OrderLookups } from './lookups';
import { printPdf } from './print';
import { ActionBar, type BusyAction } from './sections/ActionBar';
import { AddressBlock } from './sections/AddressBlock';
import { BuildingSection } from './sections/BuildingSection';
import { FileUploader } from './sections/FileUploader';
import { HistorySection } from './sections/HistorySection';
import { ItemsEditor } from './sections/ItemsEditor';
import { MainFields } from './sections/MainFields';
import { OrderHeader } from './sections/OrderHeader';
import { TotalsPanel } from './sections/TotalsPanel';
import { ORDER_FORM_TEXT } from './texts';
import { storedFileOf, uploadOrderFile } from './upload';
import { useRecheckErrorsOnChange } from './useRecheckErrors';
import { orderFormResolver } from './validation';
import type { FileKind, OrderFormValues, OrderView, StoredFile } from './types';

export interface FormNotice {
  tone: NoticeTone;
  text: string;
}

/** What replaces the form's contents (DUPLICATE ORDER opens the copy as a new, unsaved order). */
export interface FormReplacement {
  values: OrderFormValues;
  intro: FormNotice;
}

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
  onDeleted: (message: string) => void;
  onReplace: (next: FormReplacement) => void;
}

type DialogState =
  | { kind: 'close' }
  | { kind: 'leave'; path: string }
  | { kind: 'void' }
  | { kind: 'unvoid' }
  | { kind: 'delete' }
  | { kind: 'duplicate' }
  | { kind: 'invoice' }
  | { kind: 'bol' };

interface ConflictState {
  message: string;
  changes: { path: string; label: string; value: string }[];
}

const FILE_KINDS: readonly FileKind[] = ['blueprint', 'door_placement'];
const NO_HELD: Record<FileKind, File | null> = { blueprint: null, door_placement: null };

function storedFiles(order: OrderView | null): Record<FileKind, StoredFile | null> {
  const source = (order ?? {}) as Record<string, unknown>;
  return {
    blueprint: storedFileOf(source, 'blueprint'),
    door_placement: storedFileOf(source, 'door_placement'),
  };
}

/** Paths of the fields the user changed, from react-hook-form's dirty map. */
function dirtyPaths(dirty: unknown, prefix = ''): string[] {
  if (dirty === true) return prefix ? [prefix] : [];
  if (Array.isArray(dirty)) return dirty.flatMap((entry, i) => dirtyPaths(entry, `${prefix}.${i}`));
  if (dirty && typeof dirty === 'object') {
    return Object.entries(dirty).flatMap(([key, entry]) =>
      dirtyPaths(entry, prefix ? `${prefix}.${key}` : key),
    );
  }
  return [];
}

/** The invoice call's failure: the server's error message, else the spec's text (§8). */
function invoiceErrorText(error: unknown): string {
  if (error instanceof ApiError && error.body && typeof error.body === 'object') {
    const body = error.body as Record<string, unknown>;
    if (typeof body.error === 'string' && body.error) return body.error;
    if (typeof body.detail === 'string' && body.detail) return body.detail;
  }
  return MESSAGES.createInvoiceError;
}

function withReason(text: string, error: unknown): string {
  const reason = serverMessage(error);
  return reason ? `${text} ${reason}` : text;
}

/**
 * The order form (spec §2 "Order form"): react-hook-form with the domain's orderSchema, split into
 * sections, with the sticky action bar. Saves go through tRPC `orders`; PDFs, invoices and bills
 * of lading through the REST paths.
 */
export function OrderForm({
  order: initialOrder,
  initialValues,
  lookups,
  intro = null,
  unsavedCopy = false,
  invoiceMode = false,
  onClose,
  onDeleted,
  onReplace,
}: OrderFormProps) {
  const utils = trpc.useUtils();
  const httpClient = useHttpClient();
  const navigate = useNavigate();
  const [order, setOrder] = useState<OrderView | null>(initialOrder);
  const [files, setFiles] = useState(() => storedFiles(initialOrder));
  const [held, setHeld] = useState<Record<FileKind, File | null>>(NO_HELD);
  const [notice, setNotice] = useState<FormNotice | null>(intro);
  const [conflict, setConflict] = useState<ConflictState | null>(null);
  const [busy, setBusy] = useState<BusyAction | null>(null);
  const [dialog, setDialog] = useState<DialogState | null>(null);
  const [copyPending, setCopyPending] = useState(unsavedCopy);

  const form = useForm<OrderFormValues, unknown, OrderData>({
    defaultValues: initialValues,
    resolver: orderFormResolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  useRecheckErrorsOnChange(form);
  const { isDirty } = form.formState;
  const hasUnsaved = isDirty || copyPending || FILE_KINDS.some((kind) => held[kind] !== null);

  const create = trpc.orders.create.useMutation();
  const update = trpc.orders.update.useMutation();
  const voidOrder = trpc.orders.void.useMutation();
  const unvoidOrder = trpc.orders.unvoid.useMutation();
  const deleteOrder = trpc.orders.delete.useMutation();
  // The server proposes the next free door number without taking it (a query: decision 010);
  // saving the order takes it. Always asked afresh, never from a cache.
  const proposeDoorNumber = useCallback(() => utils.client.orders.nextDoorNumber.query(), [utils]);
  /** The number the server proposed for this new order (a copy opens with one), null once typed over. */
  const proposedDoor = useRef<string | null>(
    initialOrder === null && initialValues.door_number !== '' ? initialValues.door_number : null,
  );

  const settingPrice = useCallback(
    (id: number | null) => (id === null ? null : (lookups.settingById.get(id)?.price ?? null)),
    [lookups.settingById],
  );
  const valuesOf = useCallback((view: OrderView) => toFormValues(view, settingPrice), [settingPrice]);

  // A new order shows the next free door number (proposed, not taken: opening forms burns nothing).
  const asked = useRef(false);
  useEffect(() => {
    if (initialOrder !== null || asked.current || initialValues.door_number !== '') return;
    asked.current = true;
    proposeDoorNumber()
      .then(({ door_number }) => {
        if (form.getFieldState('door_number').isDirty) return;
        proposedDoor.current = door_number;
        form.resetField('door_number', { defaultValue: door_number });
      })
      .catch((error: unknown) => console.warn('Could not get the next door number', error));
  }, [proposeDoorNumber, form, initialOrder, initialValues.door_number]);

  /**
   * Another order was saved with the proposed number first: fill in a fresh proposal and say so on
   * the field (a number the user typed is theirs to change).
   */
  async function refreshTakenDoorNumber(taken: string) {
    try {
      const { door_number } = await proposeDoorNumber();
      if (door_number === taken || form.getValues('door_number') !== taken) return;
      proposedDoor.current = door_number;
      form.setValue('door_number', door_number, { shouldDirty: true });
      form.setError('door_number', {
        type: 'server',
        message: ORDER_FORM_TEXT.doorNumberRefreshed(taken, door_number),
      });
    } catch (error) {
      console.warn('Could not get a fresh door number', error);
    }
  }

  /** Shows a fresh copy of the order, keeping whatever the user changed and has not saved. */
  const adopt = useCallback(
    (view: OrderView, keepChanges: boolean) => {
      setOrder(view);
      setFiles(storedFiles(view));
      form.reset(valuesOf(view), keepChanges ? { keepDirtyValues: true } : undefined);
    },
    [form, valuesOf],
  );

  function describe(path: string): string {
    const value: unknown = get(form.getValues(), path);
    const id = typeof value === 'number' ? value : null;
    if (path === 'status') return statusLabel(String(value));
    if (path === 'building_info.building_type')
      return buildingTypeLabel(String(value ?? '')) || displayValue(value);
    if (path === 'building_info.product' && id !== null)
      return lookups.productById.get(id)?.description ?? String(id);
    if (
      id !== null &&
      (path === 'ship_via' || (path.startsWith('building_info.') && !path.endsWith('quantity')))
    ) {
      return lookups.settingById.get(id)?.value ?? String(id);
    }
    return displayValue(value);
  }

  function reportSaveError(error: unknown) {
    const data = serverErrorData(error);
    if (data?.appCode === 'CONFLICT' || data?.code === 'CONFLICT') {
      const paths = dirtyPaths(form.formState.dirtyFields).filter((path) => !path.endsWith('_manual'));
      setConflict({
        message: serverMessage(error) ?? ORDER_FORM_TEXT.staleSave,
        changes: paths.map((path) => ({ path, label: fieldLabel(path), value: describe(path) })),
      });
      setNotice(null);
      return;
    }
    const fieldErrors = serverFieldErrors(error);
    if (fieldErrors) {
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
      if (order === null && 'door_number' in fieldErrors && taken === proposedDoor.current) {
        void refreshTakenDoorNumber(taken);
      }
      return;
    }
    setNotice({ tone: 'error', text: serverMessage(error) ?? MESSAGES.saveOrderError });
  }

  async function uploadHeldFiles(orderId: number) {
    for (const kind of FILE_KINDS) {
      const file = held[kind];
      if (!file) continue;
      try {
        const stored = await uploadOrderFile({ orderId, kind, file, httpClient });
        setFiles((current) => ({ ...current, [kind]: stored }));
      } catch (error) {
        // Spec §4: after a save, a failed upload of the held PDFs is only logged.
        console.error(`Uploading the held ${kind} failed`, error);
      }
    }
    setHeld(NO_HELD);
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
      setCopyPending(false);
      if (wasNew) await uploadHeldFiles(saved.id);
      void utils.orders.invalidate();
      return saved;
    } catch (error) {
      console.error('Saving the order failed', error);
      reportSaveError(error);
      return null;
    }
  }

  /** Validates, saves, then runs `after` with the saved order. */
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

  function requestClose() {
    if (busy !== null && busy !== 'reload') return;
    if (hasUnsaved) setDialog({ kind: 'close' });
    else onClose();
  }

  function leaveTo(path: string) {
    navigate(path);
    onClose();
  }

  function requestNavigate(path: string) {
    if (hasUnsaved) setDialog({ kind: 'leave', path });
    else leaveTo(path);
  }

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

  async function changeVoided(kind: 'void' | 'unvoid') {
    if (!order) return;
    setDialog(null);
    setBusy(kind);
    try {
      const result =
        kind === 'void'
          ? await voidOrder.mutateAsync({ id: order.id })
          : await unvoidOrder.mutateAsync({ id: order.id });
      adopt(result, true);
      setNotice({ tone: 'success', text: kind === 'void' ? MESSAGES.orderVoided : MESSAGES.orderUnvoided });
      void utils.orders.invalidate();
    } catch (error) {
      console.error(`${kind} failed`, error);
      setNotice({
        tone: 'error',
        text: withReason(kind === 'void' ? MESSAGES.voidOrderError : MESSAGES.unvoidOrderError, error),
      });
    } finally {
      setBusy(null);
    }
  }

  async function remove() {
    if (!order) return;
    setBusy('delete');
    try {
      await deleteOrder.mutateAsync({ id: order.id });
      void utils.orders.invalidate();
      onDeleted(MESSAGES.orderDeleted);
    } catch (error) {
      console.error('Deleting the order failed', error);
      setDialog(null);
      setBusy(null);
      // An order with an invoice: the server says why (and what to do).
      const reason = serverErrorData(error)?.appCode === 'CONFLICT' ? serverMessage(error) : null;
      setNotice({ tone: 'error', text: reason ?? MESSAGES.deleteOrderError });
    }
  }

  async function duplicate() {
    if (!order) return;
    setDialog(null);
    setBusy('duplicate');
    try {
      const source = await utils.client.orders.get.query({ id: order.id });
      const { door_number } = await proposeDoorNumber();
      const copy = duplicateOrder(source, door_number);
      onReplace({
        values: toFormValues(copy, settingPrice),
        intro: { tone: 'info', text: ORDER_FORM_TEXT.duplicated(source.door_number) },
      });
    } catch (error) {
      console.error('Duplicating the order failed', error);
      setNotice({ tone: 'error', text: MESSAGES.duplicateOrderError });
      setBusy(null);
    }
  }

  async function goToInvoice(target: OrderView) {
    if (target.invoice_details) {
      leaveTo(`/invoices/${target.invoice_details.id}/edit`);
      return;
    }
    setBusy('invoice');
    try {
      const created = await apiJson<{ id: number }>(`/api/orders/${target.id}/create-invoice/`, {
        method: 'POST',
        body: { return_json: true },
        httpClient,
      });
      void utils.orders.invalidate();
      leaveTo(`/invoices/${created.id}/edit`);
    } catch (error) {
      console.error('Creating the invoice failed', error);
      setNotice({ tone: 'error', text: invoiceErrorText(error) });
      setBusy(null);
    }
  }

  /** SAVE & RECREATE INVOICE: saves the order, then rebuilds its invoice from it and opens the editor. */
  async function recreateInvoice(saved: OrderView) {
    try {
      const rebuilt = await apiJson<{ id: number }>(`/api/orders/${saved.id}/create-invoice/`, {
        method: 'POST',
        body: { return_json: true, recreate: true },
        httpClient,
      });
      void utils.invoices.invalidate();
      void utils.orders.invalidate();
      leaveTo(`/invoices/${rebuilt.id}/edit`);
    } catch (error) {
      console.error('Recreating the invoice failed', error);
      setNotice({ tone: 'error', text: invoiceErrorText(error) });
    }
  }

  function onRecreateInvoice() {
    if (!order) setNotice({ tone: 'error', text: MESSAGES.saveOrderBeforeInvoice });
    else void submit('invoice', recreateInvoice);
  }

  function onInvoice() {
    if (!order) {
      setNotice({ tone: 'error', text: MESSAGES.saveOrderBeforeInvoice });
      return;
    }
    if (hasUnsaved) setDialog({ kind: 'invoice' });
    else void goToInvoice(order);
  }

  function onBol() {
    if (!order) setNotice({ tone: 'error', text: ORDER_FORM_TEXT.saveBeforeBol });
    else setDialog({ kind: 'bol' });
  }

  async function printSaved(target: OrderView) {
    setBusy('print');
    try {
      const pdf = await apiBlob(`/api/orders/${target.id}/print/`, { httpClient });
      printPdf(pdf);
      // The order is saved and printing: the form's work is done (spec §7).
      onClose();
    } catch (error) {
      console.error('Printing the order failed', error);
      setNotice({ tone: 'error', text: MESSAGES.printOrderError });
    } finally {
      setBusy(null);
    }
  }

  function onPrint() {
    if (order && !hasUnsaved) void printSaved(order);
    else void submit('print', printSaved);
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
  const savedStatus = order?.status ?? null;

  const notices = (
    <>
      {conflict && (
        <Notice
          tone="error"
          action={
            <Button
              size="sm"
              variant="primary"
              busy={busy === 'reload'}
              busyLabel="Reloading..."
              onClick={() => void reloadLatest()}
            >
              {ORDER_FORM_TEXT.reloadLatest}
            </Button>
          }
        >
          <p className="font-medium">{conflict.message}</p>
          {conflict.changes.length > 0 && (
            <>
              <p className="mt-1">{ORDER_FORM_TEXT.staleKeptIntro}</p>
              <ul aria-label="Your changes" className="mt-1 max-h-28 list-disc overflow-y-auto pl-5">
                {conflict.changes.map((change) => (
                  <li key={change.path}>
                    {change.label}: {change.value}
                  </li>
                ))}
              </ul>
            </>
          )}
        </Notice>
      )}
      {notice && (
        <Notice tone={notice.tone} onDismiss={() => setNotice(null)}>
          {notice.text}
        </Notice>
      )}
    </>
  );

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
            savedStatus={savedStatus}
            hasInvoice={order?.has_invoice === true}
            hasBol={order?.has_bol === true}
            busy={busy}
            notices={conflict || notice ? notices : null}
            onSave={() => void submit('save')}
            onDuplicate={() => (hasUnsaved ? setDialog({ kind: 'duplicate' }) : void duplicate())}
            onVoid={() => setDialog({ kind: 'void' })}
            onUnvoid={() => setDialog({ kind: 'unvoid' })}
            onDelete={() => setDialog({ kind: 'delete' })}
            onClose={requestClose}
            onInvoice={onInvoice}
            invoiceMode={invoiceMode}
            onRecreateInvoice={onRecreateInvoice}
            onBol={onBol}
            onPrint={onPrint}
          />
        }
      >
        <form
          aria-label={title}
          noValidate
          className="flex flex-col gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            void submit('save');
          }}
        >
          <OrderHeader order={order} lookups={lookups} onNavigate={requestNavigate} />
          <MainFields
            lookups={lookups}
            blueprint={
              invoiceMode ? null : (
                <FileUploader
                  kind="blueprint"
                  label="Blueprint"
                  orderId={order?.id ?? null}
                  stored={files.blueprint}
                  held={held.blueprint}
                  onStoredChange={(file) => setFiles((current) => ({ ...current, blueprint: file }))}
                  onHeldChange={(file) => setHeld((current) => ({ ...current, blueprint: file }))}
                />
              )
            }
          />
          <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
            <AddressBlock prefix="billing_address" title="Billing Address" lookups={lookups} />
            <AddressBlock
              prefix="shipping_address"
              title="Shipping Address"
              lookups={lookups}
              onCopyFromBilling={() =>
                form.setValue(
                  'shipping_address',
                  { ...form.getValues('billing_address') },
                  { shouldDirty: true },
                )
              }
            />
          </div>
          <Section title="Additional Info">
            <TextAreaField name="additional_info" label="Additional Info" rows={3} />
          </Section>
          <BuildingSection
            lookups={lookups}
            doorDrawing={
              invoiceMode ? null : (
                <FileUploader
                  kind="door_placement"
                  label="Door Drawing"
                  orderId={order?.id ?? null}
                  stored={files.door_placement}
                  held={held.door_placement}
                  onStoredChange={(file) => setFiles((current) => ({ ...current, door_placement: file }))}
                  onHeldChange={(file) => setHeld((current) => ({ ...current, door_placement: file }))}
                />
              )
            }
          />
          <ItemsEditor lookups={lookups} />
          <TotalsPanel taxRate={lookups.taxRate} />
          {order && <HistorySection orderId={order.id} />}
        </form>
      </Modal>

      <ConfirmDialog
        open={dialog?.kind === 'close' || dialog?.kind === 'leave'}
        title={ORDER_FORM_TEXT.discardTitle}
        confirmLabel="Discard Changes"
        cancelLabel="Keep Editing"
        confirmVariant="danger"
        onCancel={() => setDialog(null)}
        onConfirm={() => {
          const next = dialog;
          setDialog(null);
          if (next?.kind === 'leave') leaveTo(next.path);
          else onClose();
        }}
      >
        {dialog?.kind === 'leave' ? ORDER_FORM_TEXT.leaveBody : ORDER_FORM_TEXT.discardBody}
      </ConfirmDialog>
      <ConfirmDialog
        open={dialog?.kind === 'void'}
        title="Void Order"
        confirmLabel="VOID ORDER"
        confirmVariant="danger"
        onCancel={() => setDialog(null)}
        onConfirm={() => void changeVoided('void')}
      >
        {MESSAGES.confirmVoid}
      </ConfirmDialog>
      <ConfirmDialog
        open={dialog?.kind === 'unvoid'}
        title="Unvoid Order"
        confirmLabel="UNVOID ORDER"
        onCancel={() => setDialog(null)}
        onConfirm={() => void changeVoided('unvoid')}
      >
        {MESSAGES.confirmUnvoid}
      </ConfirmDialog>
      <ConfirmDialog
        open={dialog?.kind === 'delete'}
        title="Delete Order"
        confirmLabel="DELETE"
        confirmVariant="danger"
        busy={busy === 'delete'}
        busyLabel="Deleting..."
        onCancel={() => setDialog(null)}
        onConfirm={() => void remove()}
      >
        {MESSAGES.confirmDelete}
      </ConfirmDialog>
      <ConfirmDialog
        open={dialog?.kind === 'duplicate'}
        title="Duplicate Order"
        confirmLabel="DUPLICATE ORDER"
        onCancel={() => setDialog(null)}
        onConfirm={() => void duplicate()}
      >
        {ORDER_FORM_TEXT.duplicateBody}
      </ConfirmDialog>
      <UnsavedChangesDialog
        open={dialog?.kind === 'invoice'}
        saving={busy === 'save' || busy === 'invoice'}
        onCancel={() => setDialog(null)}
        onDiscard={() => {
          setDialog(null);
          if (order) void goToInvoice(order);
        }}
        onSave={() =>
          void submit('save', async (saved) => {
            setDialog(null);
            await goToInvoice(saved);
          }).then(() => {
            // A save that failed validation or was refused: back to the form, where the reason is shown.
            setDialog((current) => (current?.kind === 'invoice' ? null : current));
          })
        }
      />
      {dialog?.kind === 'bol' && order && (
        <BolModal
          orderId={order.id}
          doorNumber={order.door_number}
          onClose={() => setDialog(null)}
          onSaved={() => void refreshAfterBol()}
        />
      )}
    </FormProvider>
  );
}
