import { Select, type SelectOption } from '../catalogue/Select';

export type FilterOption<V extends string | number> = SelectOption<V>;

export interface FilterSelectProps<V extends string | number> {
  /** The input's id, so a <label htmlFor> names the combobox. */
  inputId: string;
  options: ReadonlyArray<FilterOption<V>>;
  /** The chosen value, or null for none ('Select...'). */
  value: V | null;
  onChange: (value: V | null) => void;
  isLoading?: boolean;
  className?: string;
}

/** A clearable filter dropdown (year, month, status): the app's Select, labelled by a <label htmlFor>. */
export function FilterSelect<V extends string | number>({ inputId, ...props }: FilterSelectProps<V>) {
  return <Select<V> id={inputId} isClearable {...props} />;
}
