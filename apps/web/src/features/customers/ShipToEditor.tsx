import type { FieldErrors } from '@icehouse/domain';
import { Button } from '../../components/Button';
import { CustomerSection, CustomerTextField } from './CustomerFields';
import { ADDRESS_FIELDS, emptyShipTo, errorAt, type ShipToValues } from './customerFormValues';
import { CUSTOMER_TEXT as T } from './texts';

/**
 * The customer's ship-to addresses: each with a label, name and address, one default (a radio
 * button), a Remove button; Add Ship-To Address appends one (the first added is the default).
 */
export function ShipToEditor({
  shipTo,
  errors,
  onChange,
}: {
  shipTo: ShipToValues[];
  errors: FieldErrors | null;
  onChange: (shipTo: ShipToValues[]) => void;
}) {
  const update = (index: number, patch: Partial<ShipToValues>) =>
    onChange(
      shipTo.map((a, i) =>
        i === index ? { ...a, ...patch } : patch.is_default ? { ...a, is_default: false } : a,
      ),
    );
  const remove = (index: number) => {
    const removed = shipTo[index];
    const rest = shipTo.filter((_, i) => i !== index);
    // The default goes to the first one left when the default is removed.
    onChange(
      rest.map((r, i) => ({ ...r, is_default: r.is_default || (removed?.is_default === true && i === 0) })),
    );
  };

  return (
    <CustomerSection title={T.shipTo}>
      {shipTo.length === 0 && <p className="text-sm text-slate-600">{T.noShipTo}</p>}
      {shipTo.map((a, index) => (
        <fieldset
          key={a.id ?? `new-${index}`}
          className="grid gap-2 rounded-md border border-slate-200 p-3 sm:grid-cols-4"
        >
          <legend className="px-1 text-sm font-medium text-slate-700">
            {a.label || `${T.shipTo} ${index + 1}`}
          </legend>
          <CustomerTextField
            label={T.label}
            value={a.label}
            onChange={(v) => update(index, { label: v })}
            error={errorAt(errors, 'ship_to', index, 'label')}
          />
          <CustomerTextField
            label={T.shipName}
            value={a.name}
            onChange={(v) => update(index, { name: v })}
            error={errorAt(errors, 'ship_to', index, 'name')}
          />
          {ADDRESS_FIELDS.map(([key, label]) => (
            <CustomerTextField
              key={key}
              label={label}
              value={a[key]}
              onChange={(v) => update(index, { [key]: v })}
              error={errorAt(errors, 'ship_to', index, key)}
            />
          ))}
          <label className="flex items-center gap-2 self-end pb-2 text-sm text-slate-800">
            <input
              type="radio"
              name="default-ship-to"
              checked={a.is_default}
              onChange={() => update(index, { is_default: true })}
              className="accent-sky-700"
            />
            {T.defaultShipTo}
          </label>
          {/* A worded button sized to its text, at the foot of the address (not a stretched blank box). */}
          <div className="flex items-end sm:col-span-4 sm:justify-end">
            <Button
              size="sm"
              variant="secondary"
              aria-label={T.removeShipTo(a.label)}
              onClick={() => remove(index)}
            >
              {T.remove}
            </Button>
          </div>
        </fieldset>
      ))}
      <div>
        <Button size="sm" onClick={() => onChange([...shipTo, emptyShipTo(shipTo.length === 0)])}>
          {T.addShipTo}
        </Button>
      </div>
    </CustomerSection>
  );
}
