import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { MESSAGES, TEXT_LIMITS, bolSchema, type BolData, type BolInput } from '@icehouse/domain';
import { Button, Field, Modal, Notice, TextInput } from '../../components';
import { ApiError, apiFetch } from '../../lib/api';
import { todayIso } from '../../lib/format';
import { useHttpClient } from '../../lib/httpContext';
import { saveBlob } from '../../lib/pdfFiles';
import { trpc, type RouterOutputs } from '../../lib/trpc';

/**
 * The Bill of Lading modal (spec: Create or Update mode; the BOL number, a required date and a
 * free on board value). It opens with tRPC `bols.info`; creating posts to the REST path
 * /api/orders/{id}/create-bill-of-lading/, whose answer is the PDF, and downloads it.
 */

type BolInfo = RouterOutputs['bols']['info'];

export interface BolModalProps {
  orderId: number;
  /** The order's door number, for the PDF's file name. */
  doorNumber?: string;
  onClose: () => void;
  /** After the bill of lading was created or updated. */
  onSaved?: () => void;
}

export function BolModal({ orderId, doorNumber, onClose, onSaved }: BolModalProps) {
  const httpClient = useHttpClient();
  const utils = trpc.useUtils();
  const [info, setInfo] = useState<BolInfo | null>(null);
  const [loading, setLoading] = useState(true);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<BolInput, unknown, BolData>({
    resolver: zodResolver(bolSchema),
    defaultValues: { bill_of_lading_date: todayIso(), free_on_board: '' },
  });
  const { register, handleSubmit, reset, setError, formState } = form;

  useEffect(() => {
    let cancelled = false;
    // Asked afresh on every opening (the number a new BOL would get changes as others are made).
    utils.client.bols.info
      .query({ orderId })
      .then((read) => {
        if (cancelled) return;
        setInfo(read);
        reset({ bill_of_lading_date: read.date || todayIso(), free_on_board: read.free_on_board });
      })
      .catch((error: unknown) => {
        // Without the number the form still works: the server assigns it on creation.
        if (!cancelled) console.warn('Could not read the BOL number', error);
      })
      .finally(() => {
        if (!cancelled) setLoading(false);
      });
    return () => {
      cancelled = true;
    };
  }, [orderId, utils, reset]);

  const isUpdate = info?.is_update === true;

  const submit = handleSubmit(async (data) => {
    setFailure(null);
    try {
      const response = await apiFetch(`/api/orders/${orderId}/create-bill-of-lading/`, {
        method: 'POST',
        body: { bill_of_lading_date: data.bill_of_lading_date, free_on_board: data.free_on_board },
        httpClient,
      });
      const pdf = await response.blob();
      // The number the server gave the BOL (the modal only showed the one it would get).
      const number =
        response.headers.get('X-Bol-Number') || info?.bol_number || doorNumber || String(orderId);
      saveBlob(pdf, `bill-of-lading-${number}.pdf`);
      // The new bill of lading (or its new version) is listed under the order's Documents.
      void utils.documents.forOrder.invalidate({ id: orderId });
      onSaved?.();
      onClose();
    } catch (error) {
      console.error('Creating the bill of lading failed', error);
      if (error instanceof ApiError && error.body && typeof error.body === 'object') {
        const body = error.body as Record<string, unknown>;
        for (const field of ['bill_of_lading_date', 'free_on_board'] as const) {
          const messages = body[field];
          if (Array.isArray(messages) && typeof messages[0] === 'string') {
            setError(field, { type: 'server', message: messages[0] });
          }
        }
      }
      setFailure(MESSAGES.createBolError);
    }
  });

  const dateError = formState.errors.bill_of_lading_date?.message;
  const fobError = formState.errors.free_on_board?.message;

  return (
    <Modal
      open
      onClose={onClose}
      title="Bill of Lading"
      description={
        isUpdate
          ? 'Update the bill of lading of this order. Its PDF downloads when it is saved.'
          : 'Create the bill of lading from this order. Its PDF downloads when it is created.'
      }
      size="sm"
      actions={
        <>
          {failure && (
            <Notice tone="error" className="w-full">
              {failure}
            </Notice>
          )}
          <Button onClick={onClose}>Cancel</Button>
          <Button
            variant="primary"
            busy={formState.isSubmitting}
            busyLabel={isUpdate ? 'Updating...' : 'Creating...'}
            disabled={loading}
            onClick={() => void submit()}
          >
            {isUpdate ? 'Update BOL' : 'Create BOL'}
          </Button>
        </>
      }
    >
      <form
        aria-label="Bill of Lading"
        noValidate
        className="flex flex-col gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <p className="text-sm text-slate-700">
          BOL Number:{' '}
          <span className="font-semibold text-slate-900">
            {loading ? 'Loading...' : info?.bol_number || 'Assigned when the bill of lading is created'}
          </span>
        </p>
        <Field label="Date" required error={dateError}>
          {(control) => <TextInput {...control} {...register('bill_of_lading_date')} type="date" />}
        </Field>
        <Field label="Free on Board" error={fobError}>
          {(control) => (
            <TextInput {...control} {...register('free_on_board')} maxLength={TEXT_LIMITS.line} />
          )}
        </Field>
      </form>
    </Modal>
  );
}
