import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { Button } from './Button';
import { StatusBadge } from './StatusBadge';
import { PageHeader } from './PageHeader';

describe('Button', () => {
  it('shows the busy label and is disabled while busy', () => {
    render(
      <Button variant="primary" busy busyLabel="Signing in...">
        Sign in
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Signing in...' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(button).toHaveAttribute('type', 'button');
  });
});

describe('StatusBadge', () => {
  it.each([
    ['pending', 'Pending', 'amber'],
    ['processed', 'Processed', 'blue'],
    ['scheduled_to_ship', 'Scheduled to Ship', 'green'],
    ['completed', 'Completed', 'emerald'],
    ['voided', 'Voided', 'red'],
    ['in_production', 'In Production', 'gray'],
  ])('%s is shown as %s in %s', (status, label, color) => {
    render(<StatusBadge status={status} />);
    expect(screen.getByText(label)).toHaveAttribute('data-color', color);
  });
});

describe('PageHeader', () => {
  it('has the title as the page heading and its actions', () => {
    render(<PageHeader title="All Orders" actions={<Button>Create New Order</Button>} />);
    expect(screen.getByRole('heading', { level: 1, name: 'All Orders' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create New Order' })).toBeInTheDocument();
  });
});
