import { useId } from 'react';
import { formatMoney } from '../../lib/format';

interface BatchCustomer {
  customer_id: number;
  customer_name: string;
  closing_balance: string;
  email?: string;
}

/** A titled list of customers of a statement batch: their names, address (when they have one) and balance. */
export function BatchCustomerList({ title, customers }: { title: string; customers: readonly BatchCustomer[] }) {
  const id = useId();
  return (
    <div>
      <p id={id} className="font-medium text-slate-900">
        {title}
      </p>
      <ul aria-labelledby={id} className="mt-1 max-h-48 overflow-y-auto rounded border border-slate-200 divide-y divide-slate-100">
        {customers.map((c) => (
          <li key={c.customer_id} className="flex flex-wrap justify-between gap-x-3 px-2 py-1">
            <span>
              {c.customer_name}
              {c.email && <span className="text-slate-500"> · {c.email}</span>}
            </span>
            <span className="tabular-nums">{formatMoney(c.closing_balance)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
