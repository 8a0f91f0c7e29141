import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TRPCClientError } from '@trpc/client';
import { CHANGED_ELSEWHERE, useSettingsForm, type SettingsSchema } from '../lib/useSettingsForm';
import { Field, TextInput } from './Field';
import { SettingsSection } from './SettingsSection';

interface Values {
  name: string;
  code: string;
}

const TEXT = {
  title: 'Widgets',
  intro: 'How widgets are named.',
  loading: 'Loading widgets...',
  save: 'Save widgets',
  saving: 'Saving...',
  saved: 'Widgets saved.',
  error: 'Could not save the widgets.',
};

/** The name is required and trimmed, as a domain schema would. */
const schema: SettingsSchema<Values> = {
  safeParse: (values) =>
    values.name.trim() === ''
      ? { success: false, error: { issues: [{ path: ['name'], message: 'Give a name' }] } }
      : { success: true, data: { ...values, name: values.name.trim() } },
};

/** What the server refuses with: a validation failure naming the code field. */
const refusal = () =>
  new TRPCClientError('Invalid input', {
    result: {
      error: {
        message: 'Invalid input',
        code: -32600,
        data: { appCode: 'VALIDATION', fieldErrors: { code: ['The code is taken'] } },
      },
    },
  });

function Widgets({
  data,
  canSave,
  send,
}: {
  data: Values | undefined;
  canSave: boolean;
  send: (values: Values) => Promise<Values>;
}) {
  const [pending, setPending] = useState(false);
  const form = useSettingsForm({
    data,
    schema,
    mutation: {
      isPending: pending,
      mutateAsync: async (values: Values) => {
        setPending(true);
        try {
          return await send(values);
        } finally {
          setPending(false);
        }
      },
    },
    texts: TEXT,
  });
  return (
    <SettingsSection texts={TEXT} form={form} canSave={canSave}>
      {(values) =>
        (['name', 'code'] as const).map((key) => (
          <Field key={key} label={key} error={form.errorOf(key)}>
            {(control) => (
              <TextInput
                {...control}
                value={values[key]}
                readOnly={!canSave}
                onChange={(e) => form.setValue(key, e.target.value)}
              />
            )}
          </Field>
        ))
      }
    </SettingsSection>
  );
}

function renderSection({
  data,
  canSave = true,
  answer = async (values: Values) => values,
}: {
  data: Values | undefined;
  canSave?: boolean;
  answer?: (values: Values) => Promise<Values>;
}) {
  const sent = vi.fn(answer);
  const view = render(<Widgets data={data} canSave={canSave} send={sent} />);
  return {
    sent,
    section: () => within(screen.getByRole('region', { name: 'Widgets' })),
    /** The server's values arrive (or are read again). */
    arrive: (next: Values) => view.rerender(<Widgets data={next} canSave={canSave} send={sent} />),
  };
}

describe('SettingsSection over useSettingsForm', () => {
  it('says it is loading until the values arrive, then shows them; a new read replaces them', () => {
    const { section, arrive } = renderSection({ data: undefined });
    expect(section().getByText('How widgets are named.')).toBeInTheDocument();
    expect(section().getByText('Loading widgets...')).toBeInTheDocument();
    expect(section().queryByRole('button', { name: 'Save widgets' })).toBeNull();
    arrive({ name: 'Gadget', code: 'G1' });
    expect(section().queryByText('Loading widgets...')).toBeNull();
    expect(section().getByRole('textbox', { name: 'name' })).toHaveValue('Gadget');
    expect(section().getByRole('button', { name: 'Save widgets' })).toBeInTheDocument();
    arrive({ name: 'Gizmo', code: 'G2' });
    expect(section().getByRole('textbox', { name: 'name' })).toHaveValue('Gizmo');
  });

  it("keeps what was typed when a new read brings other values, and says so; a save takes the answer", async () => {
    const { section, arrive, sent } = renderSection({ data: { name: 'Gadget', code: 'G1' } });
    const name = section().getByRole('textbox', { name: 'name' });
    await userEvent.clear(name);
    await userEvent.type(name, 'Sprocket');
    arrive({ name: 'Gizmo', code: 'G2' }); // someone else saved
    expect(name).toHaveValue('Sprocket');
    expect(section().getByRole('textbox', { name: 'code' })).toHaveValue('G1');
    expect(section().getByRole('status')).toHaveTextContent(CHANGED_ELSEWHERE);
    await userEvent.click(section().getByRole('button', { name: 'Save widgets' }));
    expect(sent).toHaveBeenCalledWith({ name: 'Sprocket', code: 'G1' });
    expect(await section().findByRole('status')).toHaveTextContent('Widgets saved.');
    // saved: the next read is taken again
    arrive({ name: 'Gizmo', code: 'G3' });
    expect(name).toHaveValue('Gizmo');
    expect(section().getByRole('textbox', { name: 'code' })).toHaveValue('G3');
  });

  it('says nothing when a read under new edits only brings back what was saved', async () => {
    const { section, arrive } = renderSection({ data: { name: 'Gadget', code: 'G1' } });
    const name = section().getByRole('textbox', { name: 'name' });
    await userEvent.type(name, 's');
    await userEvent.click(section().getByRole('button', { name: 'Save widgets' }));
    expect(await section().findByRole('status')).toHaveTextContent('Widgets saved.');
    await userEvent.click(section().getByRole('button', { name: 'Dismiss' }));
    await userEvent.type(name, '!');
    arrive({ name: 'Gadgets', code: 'G1' }); // the query read again: our own save
    expect(name).toHaveValue('Gadgets!');
    expect(section().queryByRole('status')).toBeNull();
  });

  it('has no save button when it may not save', () => {
    const { section } = renderSection({ data: { name: 'Gadget', code: 'G1' }, canSave: false });
    expect(section().getByRole('textbox', { name: 'name' })).toHaveAttribute('readonly');
    expect(section().queryByRole('button')).toBeNull();
  });

  it('refuses on the field before sending, then sends the checked values and shows the answer', async () => {
    const { section, sent } = renderSection({
      data: { name: 'Gadget', code: 'G1' },
      answer: async (values) => ({ ...values, code: values.code.toUpperCase() }),
    });
    const name = section().getByRole('textbox', { name: 'name' });
    await userEvent.clear(name);
    await userEvent.click(section().getByRole('button', { name: 'Save widgets' }));
    expect(name).toHaveAccessibleDescription('Give a name');
    expect(sent).not.toHaveBeenCalled();
    expect(section().queryByRole('status')).toBeNull();

    await userEvent.type(name, '  Sprocket ');
    await userEvent.type(section().getByRole('textbox', { name: 'code' }), 'x');
    await userEvent.click(section().getByRole('button', { name: 'Save widgets' }));
    expect(await section().findByRole('status')).toHaveTextContent('Widgets saved.');
    expect(sent).toHaveBeenCalledWith({ name: 'Sprocket', code: 'G1x' });
    expect(name).not.toHaveAccessibleDescription('Give a name');
    expect(name).toHaveValue('Sprocket');
    expect(section().getByRole('textbox', { name: 'code' })).toHaveValue('G1X');
  });

  it("says a refused save and puts the server's messages on their fields; the notice can be dismissed", async () => {
    const { section } = renderSection({
      data: { name: 'Gadget', code: 'G1' },
      answer: () => Promise.reject(refusal()),
    });
    await userEvent.click(section().getByRole('button', { name: 'Save widgets' }));
    expect(await section().findByRole('alert')).toHaveTextContent('Could not save the widgets.');
    expect(section().getByRole('textbox', { name: 'code' })).toHaveAccessibleDescription('The code is taken');
    expect(section().getByRole('textbox', { name: 'code' })).toHaveValue('G1');
    await userEvent.click(section().getByRole('button', { name: 'Dismiss' }));
    expect(section().queryByRole('alert')).toBeNull();
  });

  it('shows the busy label while the save is under way', async () => {
    let finish: (values: Values) => void = () => undefined;
    const { section } = renderSection({
      data: { name: 'Gadget', code: 'G1' },
      answer: (values) =>
        new Promise<Values>((resolve) => {
          finish = () => resolve(values);
        }),
    });
    await userEvent.click(section().getByRole('button', { name: 'Save widgets' }));
    expect(section().getByRole('button', { name: /Saving/ })).toBeDisabled();
    finish({ name: 'Gadget', code: 'G1' });
    expect(await section().findByText('Widgets saved.')).toBeInTheDocument();
  });
});
