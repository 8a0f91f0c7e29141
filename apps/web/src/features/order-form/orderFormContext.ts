import type { UseFormReturn } from 'react-hook-form';
import type { OrderData } from '@icehouse/domain';
import type { NoticeTone } from '../../components';
import type { BusyAction } from './sections/ActionBar';
import type { OrderFormValues, OrderView } from './types';

export interface FormNotice {
  tone: NoticeTone;
  text: string;
}

/** What replaces the form's contents (DUPLICATE ORDER opens the copy as a new, unsaved order). */
export interface FormReplacement {
  values: OrderFormValues;
  intro: FormNotice;
}

/** Which confirmation or modal the form shows over itself. */
export type DialogState =
  | { kind: 'close' }
  | { kind: 'leave'; path: string }
  | { kind: 'void' }
  | { kind: 'unvoid' }
  | { kind: 'delete' }
  | { kind: 'duplicate' }
  | { kind: 'invoice' }
  | { kind: 'bol' };

export type OrderFormApi = UseFormReturn<OrderFormValues, unknown, OrderData>;

/** What the form's action hooks share: the form, the saved order and the form's feedback. */
export interface OrderFormContext {
  form: OrderFormApi;
  /** The saved order; null for a new one. */
  order: OrderView | null;
  /** Shows a fresh copy of the order, keeping whatever the user changed and has not saved. */
  adopt: (view: OrderView, keepChanges: boolean) => void;
  setNotice: (notice: FormNotice | null) => void;
  setBusy: (busy: BusyAction | null) => void;
  setDialog: (update: DialogState | null | ((current: DialogState | null) => DialogState | null)) => void;
  /** Goes to another screen and closes the form. */
  leaveTo: (path: string) => void;
}
