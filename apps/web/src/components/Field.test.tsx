import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { Field, TextInput } from './Field';

describe('Field', () => {
  it('labels its control and describes it with the error and hint', () => {
    render(
      <Field label="Door Number" hint="Next free number" error="This field is required." required>
        {(control) => <TextInput {...control} />}
      </Field>,
    );
    const input = screen.getByRole('textbox', { name: 'Door Number' });
    expect(input).toBeInvalid();
    expect(input).toBeRequired();
    expect(input).toHaveAccessibleDescription('This field is required. Next free number');
  });

  it('uses a given id', () => {
    render(
      <Field label="Ship Via" id="ship_via">
        {(control) => <TextInput {...control} />}
      </Field>,
    );
    expect(screen.getByRole('textbox', { name: 'Ship Via' })).toHaveAttribute('id', 'ship_via');
  });
});
