import { Field, TextInput } from '../../components/Field';
import { STATEMENT_TEXT as T } from './texts';

export interface Period {
  from: string;
  to: string;
}

/** From / To date inputs of a statement's period, with the server's messages under each. */
export function PeriodFields({
  value,
  onChange,
  errors,
  idPrefix,
}: {
  value: Period;
  onChange: (p: Period) => void;
  errors?: Partial<Record<'from' | 'to', string>>;
  idPrefix: string;
}) {
  return (
    <div className="flex flex-wrap gap-3">
      <Field label={T.from} error={errors?.from} id={`${idPrefix}-from`}>
        {(control) => <TextInput {...control} type="date" value={value.from} onChange={(e) => onChange({ ...value, from: e.target.value })} />}
      </Field>
      <Field label={T.to} error={errors?.to} id={`${idPrefix}-to`}>
        {(control) => <TextInput {...control} type="date" value={value.to} onChange={(e) => onChange({ ...value, to: e.target.value })} />}
      </Field>
    </div>
  );
}
