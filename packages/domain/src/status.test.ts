import { describe, expect, it } from 'vitest';
import {
  STATUS_BADGE_COLORS,
  STATUS_REQUIREMENTS,
  advanceButtonLabel,
  canChangeStatus,
  canUnvoid,
  canVoid,
  cannotProgressReason,
  isRequiredAtStatus,
  isTerminalStatus,
  missingRequirements,
  nextStatus,
  statusBadge,
  statusLabel,
  statusOptionDisabledReason,
} from './status';

const complete = {
  eps_po_number: 'EPS-1',
  ship_date: '2024-05-01',
  ship_via: { value: 3, label: 'Truck' },
  has_invoice: true,
};

describe('status labels and badges', () => {
  it('labels known statuses and title-cases unknown ones', () => {
    expect(statusLabel('pending')).toBe('Pending');
    expect(statusLabel('scheduled_to_ship')).toBe('Scheduled to Ship');
    expect(statusLabel('on_hold')).toBe('On Hold');
    expect(statusLabel('READY-for pickup')).toBe('Ready For Pickup');
    expect(statusLabel('')).toBe('');
    expect(statusLabel(null)).toBe('');
  });

  it('colours badges per the spec, grey otherwise', () => {
    expect(STATUS_BADGE_COLORS.pending).toEqual({ color: 'amber', className: 'bg-amber-100 text-amber-800' });
    expect(statusBadge('processed').color).toBe('blue');
    expect(statusBadge('scheduled_to_ship').color).toBe('green');
    expect(statusBadge('completed').color).toBe('emerald');
    expect(statusBadge('voided').color).toBe('red');
    expect(statusBadge('on_hold')).toEqual({ color: 'gray', className: 'bg-gray-100 text-gray-800' });
    expect(statusBadge(undefined).color).toBe('gray');
  });
});

describe('requirements', () => {
  it('lists what each status needs', () => {
    expect(STATUS_REQUIREMENTS).toEqual({
      pending: [],
      processed: ['eps_po_number'],
      scheduled_to_ship: ['eps_po_number', 'ship_date', 'ship_via'],
      completed: ['eps_po_number', 'ship_date', 'ship_via', 'has_invoice'],
      voided: [],
    });
  });

  it('names the missing fields for humans', () => {
    expect(missingRequirements({}, 'pending')).toEqual([]);
    expect(missingRequirements({}, 'processed')).toEqual(['EPS PO Number']);
    expect(missingRequirements({}, 'scheduled_to_ship')).toEqual(['EPS PO Number', 'Ship Date', 'Ship Via']);
    expect(missingRequirements({}, 'completed')).toEqual([
      'EPS PO Number',
      'Ship Date',
      'Ship Via',
      'Invoice',
    ]);
    expect(missingRequirements({}, 'voided')).toEqual([]);
    expect(missingRequirements({}, 'on_hold')).toEqual([]);
    expect(missingRequirements(complete, 'completed')).toEqual([]);
  });

  it('treats blank strings, empty options and false as missing', () => {
    const blank = {
      eps_po_number: '  ',
      ship_date: '',
      ship_via: { value: '', label: '' },
      has_invoice: false,
    };
    expect(missingRequirements(blank, 'completed')).toEqual([
      'EPS PO Number',
      'Ship Date',
      'Ship Via',
      'Invoice',
    ]);
    expect(missingRequirements({ ...complete, ship_via: null }, 'completed')).toEqual(['Ship Via']);
    expect(missingRequirements({ ...complete, ship_via: 7 }, 'completed')).toEqual([]);
  });

  it('marks Ship Via required at scheduled_to_ship and completed only', () => {
    expect(isRequiredAtStatus('ship_via', 'scheduled_to_ship')).toBe(true);
    expect(isRequiredAtStatus('ship_via', 'completed')).toBe(true);
    expect(isRequiredAtStatus('ship_via', 'processed')).toBe(false);
  });
});

describe('pipeline', () => {
  it('advances pending -> processed -> scheduled_to_ship -> completed', () => {
    expect(nextStatus('pending')).toBe('processed');
    expect(nextStatus('processed')).toBe('scheduled_to_ship');
    expect(nextStatus('scheduled_to_ship')).toBe('completed');
    expect(nextStatus('completed')).toBeNull();
    expect(nextStatus('voided')).toBeNull();
    expect(nextStatus('mystery')).toBeNull();
  });

  it('completed and voided are terminal', () => {
    expect(isTerminalStatus('completed')).toBe(true);
    expect(isTerminalStatus('voided')).toBe(true);
    expect(isTerminalStatus('pending')).toBe(false);
  });

  it('can change status when the next status exists and its requirements are met', () => {
    expect(canChangeStatus({ status: 'pending' })).toBe(false); // processed needs an EPS PO number
    expect(canChangeStatus({ status: 'pending', eps_po_number: 'EPS-1' })).toBe(true);
    expect(canChangeStatus({ status: 'processed', eps_po_number: 'EPS-1' })).toBe(false);
    expect(canChangeStatus({ ...complete, status: 'scheduled_to_ship' })).toBe(true);
    expect(canChangeStatus({ ...complete, status: 'scheduled_to_ship', has_invoice: false })).toBe(false);
    expect(canChangeStatus({ ...complete, status: 'completed' })).toBe(false);
    expect(canChangeStatus({ ...complete, status: 'voided' })).toBe(false);
  });

  it('voids pending orders only and unvoids voided ones only', () => {
    expect(canVoid('pending')).toBe(true);
    expect(canVoid('processed')).toBe(false);
    expect(canVoid('voided')).toBe(false);
    expect(canUnvoid('voided')).toBe(true);
    expect(canUnvoid('pending')).toBe(false);
  });

  it('words the advance button and its disabled reasons', () => {
    expect(advanceButtonLabel('scheduled_to_ship')).toBe('Move to Scheduled to Ship');
    expect(cannotProgressReason(['Ship Date', 'Ship Via'])).toBe('Missing requirements: Ship Date, Ship Via');
    expect(cannotProgressReason([])).toBe('Cannot change status');
    expect(statusOptionDisabledReason('completed', { has_invoice: false })).toBe(
      'Missing required document: Invoice',
    );
    expect(statusOptionDisabledReason('completed', { has_invoice: true })).toBeNull();
    expect(statusOptionDisabledReason('processed', {})).toBeNull();
  });
});
