/**
 * Test support shared by the invoice editor's tests: reading its amounts, retyping a field, and
 * the object URLs a PDF download or print makes (jsdom has none). Only tests import this file.
 */
import { vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

/** An amount of the totals box, by its name ('Balance Due', 'Payments/Credits', ...). */
export const amount = (name: string | RegExp) => screen.getByRole('status', { name });

/** Clears a field and types `text` into it (nothing typed for ''). */
export async function retype(element: HTMLElement, text: string) {
  await userEvent.clear(element);
  if (text !== '') await userEvent.type(element, text);
}

/** Gives jsdom the object URLs a PDF download makes; call in beforeEach. */
export function stubObjectUrls() {
  URL.createObjectURL = vi.fn(() => 'blob:invoice-pdf');
  URL.revokeObjectURL = vi.fn();
}
