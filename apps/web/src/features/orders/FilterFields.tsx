import { useId, type FormEvent, type ReactNode } from 'react';
import { ORDER_STATUSES, type OrderStatus } from '@icehouse/domain';
import { inputClassName } from '../../components/Field';
import { cn } from '../../lib/cn';
import { FilterSelect, type FilterOption } from './FilterSelect';
import { ORDERS_TEXT } from './texts';

/**
 * The order filters as the dashboard's search and the orders list's filter bar show them: a
 * search form of labelled cells (dropdowns and search boxes).
 */

export function isOrderStatus(value: string | null): value is OrderStatus {
  return value !== null && (ORDER_STATUSES as readonly string[]).includes(value);
}

/** The bar: a search landmark laid out as a grid (`className` sets its columns). */
export function FilterBar({
  label,
  onSubmit,
  className,
  children,
}: {
  label: string;
  onSubmit: (event: FormEvent) => void;
  className: string;
  children: ReactNode;
}) {
  return (
    <form
      role="search"
      aria-label={label}
      onSubmit={onSubmit}
      className={cn(
        'grid gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2',
        className,
      )}
    >
      {children}
    </form>
  );
}

function FilterCell({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      {children}
    </div>
  );
}

/** A labelled clearable dropdown. */
export function SelectFilter<V extends string | number>({
  label,
  options,
  value,
  onChange,
  isLoading,
}: {
  label: string;
  options: ReadonlyArray<FilterOption<V>>;
  value: V | null;
  onChange: (value: V | null) => void;
  isLoading?: boolean;
}) {
  const id = useId();
  return (
    <FilterCell id={id} label={label}>
      <FilterSelect inputId={id} options={options} value={value} onChange={onChange} isLoading={isLoading} />
    </FilterCell>
  );
}

/** A labelled search box. */
export function SearchFilter({
  label,
  placeholder,
  value,
  onChange,
}: {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <FilterCell id={id} label={label}>
      <input
        id={id}
        type="search"
        autoComplete="off"
        placeholder={placeholder}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className={inputClassName(false)}
      />
    </FilterCell>
  );
}

/** Status, customer name and serial number: the filters both screens have. */
export function OrderSearchFilters({
  status,
  statusOptions,
  statusLoading,
  onStatus,
  customer,
  onCustomer,
  serial,
  onSerial,
}: {
  status: OrderStatus | null;
  statusOptions: ReadonlyArray<FilterOption<string>>;
  statusLoading: boolean;
  onStatus: (status: OrderStatus | null) => void;
  customer: string;
  onCustomer: (value: string) => void;
  serial: string;
  onSerial: (value: string) => void;
}) {
  return (
    <>
      <SelectFilter<string>
        label={ORDERS_TEXT.status}
        options={statusOptions}
        value={status}
        onChange={(value) => onStatus(isOrderStatus(value) ? value : null)}
        isLoading={statusLoading}
      />
      <SearchFilter
        label={ORDERS_TEXT.customerName}
        placeholder={ORDERS_TEXT.customerPlaceholder}
        value={customer}
        onChange={onCustomer}
      />
      <SearchFilter
        label={ORDERS_TEXT.serialNumber}
        placeholder={ORDERS_TEXT.serialPlaceholder}
        value={serial}
        onChange={onSerial}
      />
    </>
  );
}
