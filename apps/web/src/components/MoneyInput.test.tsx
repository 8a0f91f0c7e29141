import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MoneyInput } from './MoneyInput';
import { Field } from './Field';

function PriceField({ initial = '' }: { initial?: string }) {
  const [price, setPrice] = useState(initial);
  return (
    <>
      <Field label="Freight Cost" hint="Dollars">
        {(control) => <MoneyInput {...control} value={price} onChange={setPrice} />}
      </Field>
      <output aria-label="value">{price}</output>
    </>
  );
}

describe('MoneyInput', () => {
  it('shows two decimals once the user leaves the field', async () => {
    render(<PriceField />);
    const input = screen.getByRole('spinbutton', { name: 'Freight Cost' });

    await userEvent.type(input, '12.5');
    expect(input).toHaveValue(12.5);
    await userEvent.tab();

    expect(screen.getByLabelText('value')).toHaveTextContent('12.50');
    expect(input).toHaveDisplayValue('12.50');
  });

  it('rounds to cents half up and leaves an empty field empty', async () => {
    render(<PriceField initial="3.005" />);
    const input = screen.getByRole('spinbutton', { name: 'Freight Cost' });
    input.focus();
    await userEvent.tab();
    expect(input).toHaveDisplayValue('3.01');

    await userEvent.clear(input);
    await userEvent.tab();
    expect(input).toHaveDisplayValue('');
  });

  it('is a right-aligned number input with step 0.01 and minimum 0, described by its hint', () => {
    render(<PriceField />);
    const input = screen.getByRole('spinbutton', { name: 'Freight Cost' });
    expect(input).toHaveAttribute('step', '0.01');
    expect(input).toHaveAttribute('min', '0');
    expect(input).toHaveClass('text-right');
    expect(input).toHaveAccessibleDescription('Dollars');
  });
});
