import { MESSAGES } from '@icehouse/domain';

/**
 * Texts of the order form that the spec does not give (ours). The spec's own texts come from the
 * domain's MESSAGES, so form and server use the same words.
 */
export const ORDER_FORM_TEXT = {
  customer: 'Customer',
  customerHint: 'Type to search; picking one fills the billing and shipping addresses, which stay editable.',
  createCustomer: (name: string) => `Create customer "${name}"`,
  /** The picked customer's ship-to addresses, when there are several. */
  shipToChoice: 'Ship to',
  shipToChoiceHint: "Choosing one of the customer's ship-to addresses fills the shipping address.",
  shipToChoiceNone: 'Choose an address…',
  shipToDefaultMark: ' (default)',
  customerCreateError: 'The customer could not be created. Check the billing address and try again.',
  created: 'Order created successfully.',
  updated: 'Order updated successfully.',
  staleSave: 'This order was changed by someone else since you opened it. Reload it to see their changes.',
  staleKeptIntro: 'Your changes are still in the form and are kept when you reload:',
  reloadLatest: 'Reload Latest Version',
  reloaded: 'Loaded the latest version.',
  reloadedKept: (fields: string) =>
    `Loaded the latest version. Your changes are kept (${fields}): check them and save again.`,
  duplicated: (doorNumber: string) =>
    `This is a copy of order ${doorNumber}. It is not saved yet: save it to create the new order.`,
  doorNumberRefreshed: (taken: string, next: string) =>
    `Door number ${taken} was just taken by another order. The next free number, ${next}, is filled in: save again.`,
  saveBeforeBol: 'Please save the order before creating a bill of lading.',
  discardTitle: 'Discard unsaved changes?',
  discardBody: 'This order has changes that are not saved. Close it and lose them?',
  leaveBody: 'This order has changes that are not saved. Leave it and lose them?',
  duplicateBody:
    'This order has changes that are not saved. The copy is made from the saved order, without them. Duplicate it anyway?',
  bolSaved: 'Bill of lading saved. Its PDF was downloaded.',
  validationFailed: MESSAGES.orderValidationFailed,
} as const;
