import { useState } from 'react';
import { STOCK_MESSAGES } from '@icehouse/domain';
import { Button } from '../../components/Button';
import { Field, TextInput } from '../../components/Field';
import { Modal } from '../../components/Modal';
import { serverFieldErrors, serverMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { STOCK_TEXT as T } from './texts';

const WHOLE = /^\s*[+-−]?\d+\s*$/;
const firstOf = (v: unknown) => (Array.isArray(v) && typeof v[0] === 'string' ? v[0] : null);

/**
 * Adjusts a component's stock: a quantity (+ or −) and a reason, both required; the server refuses one that
 * would leave less than 0 on hand, on the quantity field. On hand is never typed: it is the ledger's sum.
 */
export function AdjustStockDialog({ componentId, name, onHand, onClose }: { componentId: number; name: string; onHand: number; onClose: () => void }) {
  const utils = trpc.useUtils();
  const adjust = trpc.stock.adjust.useMutation();
  const [quantity, setQuantity] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ quantity?: string; reason?: string; form?: string }>({});

  async function save() {
    const found: typeof errors = {};
    if (!WHOLE.test(quantity) || Number(quantity.replace('−', '-')) === 0) found.quantity = STOCK_MESSAGES.quantityInvalid;
    if (reason.trim() === '') found.reason = STOCK_MESSAGES.reasonRequired;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      await adjust.mutateAsync({ id: componentId, data: { quantity: Number(quantity.trim().replace('−', '-')), reason: reason.trim() } });
      await Promise.all([utils.stock.invalidate(), utils.production.materials.invalidate(), utils.production.onHand.invalidate()]);
      onClose();
    } catch (e) {
      const fields = serverFieldErrors(e);
      const next = { quantity: firstOf(fields?.quantity) ?? undefined, reason: firstOf(fields?.reason) ?? undefined };
      setErrors(next.quantity || next.reason ? next : { form: serverMessage(e) ?? T.saveError });
    }
  }

  return (
    <Modal
      open
      onClose={onClose}
      title={T.adjustOf(name)}
      description={T.onHandNow(onHand)}
      size="sm"
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            {T.cancel}
          </Button>
          <Button onClick={() => void save()} disabled={adjust.isPending}>
            {T.save}
          </Button>
        </>
      }
    >
      <form
        className="flex flex-col gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <Field label={T.quantity} hint={T.quantityHint} error={errors.quantity} required>
          {(control) => <TextInput {...control} inputMode="numeric" value={quantity} onChange={(e) => setQuantity(e.target.value)} />}
        </Field>
        <Field label={T.reason} hint={T.reasonHint} error={errors.reason} required>
          {(control) => <TextInput {...control} maxLength={200} value={reason} onChange={(e) => setReason(e.target.value)} />}
        </Field>
        {errors.form && (
          <p role="alert" className="text-sm text-red-700">
            {errors.form}
          </p>
        )}
        <button type="submit" hidden />
      </form>
    </Modal>
  );
}
