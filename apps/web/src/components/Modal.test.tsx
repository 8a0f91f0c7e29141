import { useRef, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Modal } from './Modal';
import { Button } from './Button';

function Harness({ onClose }: { onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  const close = () => {
    onClose?.();
    setOpen(false);
  };
  return (
    <>
      <Button onClick={() => setOpen(true)}>Open order</Button>
      <Modal
        open={open}
        onClose={close}
        title="Edit Order"
        description="Door 1042"
        actions={
          <>
            <Button variant="primary">UPDATE</Button>
            <Button onClick={close}>CLOSE</Button>
          </>
        }
      >
        <label>
          Customer Name <input />
        </label>
      </Modal>
    </>
  );
}

describe('Modal', () => {
  it('is a modal dialog named by its title and described by its description', async () => {
    render(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'Open order' }));

    const dialog = screen.getByRole('dialog', { name: 'Edit Order' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription('Door 1042');
    expect(screen.getByRole('textbox', { name: 'Customer Name' })).toHaveFocus();
  });

  it('makes the page behind inert while open, and only while open', async () => {
    const { container } = render(<Harness />);
    const opener = screen.getByRole('button', { name: 'Open order' });
    await userEvent.click(opener);
    const root = screen.getByRole('dialog').parentElement!;
    expect(container).toHaveAttribute('inert');
    expect(root).not.toHaveAttribute('inert');

    await userEvent.keyboard('{Escape}');
    expect(container).not.toHaveAttribute('inert');
    expect(opener).toHaveFocus();
  });

  it('closes on Escape and gives focus back to the button that opened it', async () => {
    const onClose = vi.fn();
    render(<Harness onClose={onClose} />);
    const opener = screen.getByRole('button', { name: 'Open order' });
    await userEvent.click(opener);

    await userEvent.keyboard('{Escape}');

    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('gives focus back to returnFocusRef when the opener had lost it (a submit button disabled while busy)', async () => {
    function Submitted() {
      const [open, setOpen] = useState(false);
      const [busy, setBusy] = useState(false);
      const submitRef = useRef<HTMLButtonElement>(null);
      return (
        <>
          <Button
            ref={submitRef}
            busy={busy}
            onClick={() => {
              setBusy(true);
              // Chromium takes focus away from a button being disabled.
              submitRef.current?.blur();
              // The answer comes: the button is enabled again as the dialog opens.
              queueMicrotask(() => {
                setBusy(false);
                setOpen(true);
              });
            }}
          >
            Create token
          </Button>
          <Modal open={open} onClose={() => setOpen(false)} title="Your new token" returnFocusRef={submitRef}>
            <p>The key</p>
          </Modal>
        </>
      );
    }
    render(<Submitted />);
    const submit = screen.getByRole('button', { name: 'Create token' });
    await userEvent.click(submit);
    await screen.findByRole('dialog', { name: 'Your new token' });

    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(submit).toHaveFocus();
  });

  it("gives focus to the page's heading, not <body>, when nothing had it on opening (a keyboard shortcut)", async () => {
    function ByShortcut() {
      const [open, setOpen] = useState(false);
      return (
        <main>
          <h1>Orders</h1>
          <button type="button" onClick={() => setOpen(true)} hidden>
            shortcut
          </button>
          <Modal open={open} onClose={() => setOpen(false)} title="Keyboard shortcuts">
            <p>Keys</p>
          </Modal>
        </main>
      );
    }
    render(<ByShortcut />);
    // A shortcut pressed on the page: nothing has the focus when the dialog opens.
    (document.activeElement as HTMLElement | null)?.blur();
    screen.getByText('shortcut', { selector: 'button' }).click();
    expect(await screen.findByRole('dialog', { name: 'Keyboard shortcuts' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Orders' })).toHaveFocus();
  });

  it('keeps Tab inside the dialog', async () => {
    render(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'Open order' }));
    const input = screen.getByRole('textbox', { name: 'Customer Name' });
    const closeX = screen.getByRole('button', { name: 'Close' });
    const last = screen.getByRole('button', { name: 'CLOSE' });

    last.focus();
    await userEvent.tab();
    expect(closeX).toHaveFocus();
    await userEvent.tab({ shift: true });
    expect(last).toHaveFocus();
    await userEvent.tab({ shift: true });
    await userEvent.tab({ shift: true });
    expect(input).toHaveFocus();
  });

  it('closes with the × button; a backdrop click does not lose the form by default', async () => {
    const onClose = vi.fn();
    render(<Harness onClose={onClose} />);
    await userEvent.click(screen.getByRole('button', { name: 'Open order' }));

    await userEvent.click(screen.getByTestId('modal-backdrop'));
    expect(screen.getByRole('dialog')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('with nested dialogs, Escape closes only the innermost', async () => {
    const closeOuter = vi.fn();
    function Nested() {
      const [inner, setInner] = useState(true);
      return (
        <Modal open onClose={closeOuter} title="Edit Order">
          <p>Order body</p>
          <Modal open={inner} onClose={() => setInner(false)} title="Unsaved Changes">
            <Button>Cancel</Button>
          </Modal>
        </Modal>
      );
    }
    render(<Nested />);
    expect(screen.getByRole('dialog', { name: 'Unsaved Changes' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();

    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Unsaved Changes' })).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Edit Order' })).toBeInTheDocument();
    expect(closeOuter).not.toHaveBeenCalled();
  });
});
