import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EMAIL_PLACEHOLDERS_BY_KIND, MESSAGES } from '@icehouse/domain';
import { renderApp } from '../../test/render';
import { createCompanyServer } from '../company/testing';
import { inputsOf } from '../invoices/testing/fakeInvoicesServer';

/** A template's placeholder typo is refused on its field, naming it, before saving. */

const SETTINGS = {
  email_from: 'billing@icehouse.example',
  invoice_email_subject: 'Invoice {invoice_number} from {company_name}',
  invoice_email_body: 'Dear {customer_name}, the balance is {balance_due}.',
  bol_email_subject: 'Bill of lading {bol_number}',
  bol_email_body: 'Order {order_number}',
};

describe('Email settings', () => {
  it('names an unknown placeholder on its field and sends nothing; a known one saves', async () => {
    const saved: unknown[] = [];
    const server = createCompanyServer({
      procedures: {
        'email.settings': () => SETTINGS,
        'email.saveSettings': (input) => {
          saved.push(input);
          return input;
        },
      },
    });
    const { requests } = renderApp('/company-info', server.handler);
    const section = within(await screen.findByRole('region', { name: 'Email' }));
    const subject = await section.findByRole('textbox', { name: 'Invoice email subject' });
    await userEvent.clear(subject);
    await userEvent.type(subject, 'Invoice {{invoice_no} from {{company_name}');
    expect(subject).toHaveValue('Invoice {invoice_no} from {company_name}');
    await userEvent.click(section.getByRole('button', { name: 'Save email settings' }));
    const message = MESSAGES.emailPlaceholderUnknown(['invoice_no'], EMAIL_PLACEHOLDERS_BY_KIND.invoice);
    expect(subject).toHaveAccessibleDescription(message);
    expect(message).toContain('{invoice_no}');
    expect(inputsOf(requests, 'email.saveSettings')).toEqual([]);

    await userEvent.clear(subject);
    await userEvent.type(subject, 'Invoice {{invoice_number}');
    await userEvent.click(section.getByRole('button', { name: 'Save email settings' }));
    expect(await section.findByText('Email settings saved.')).toBeInTheDocument();
    expect(saved).toEqual([{ ...SETTINGS, invoice_email_subject: 'Invoice {invoice_number}' }]);
  });
});
