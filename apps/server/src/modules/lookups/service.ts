import { ORDER_STATUSES, ORDER_STATUS_LABELS } from '@icehouse/domain';

export interface Choice {
  value: string;
  label: string;
}

/** GET /api/orders/status_choices/: every order status with its label, in pipeline order. */
export function statusChoices(): Choice[] {
  return ORDER_STATUSES.map((value) => ({ value, label: ORDER_STATUS_LABELS[value] }));
}
