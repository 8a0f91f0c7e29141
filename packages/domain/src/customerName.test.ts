import { describe, expect, it } from 'vitest';
import { customerNameOf } from './customerName';

describe('customerNameOf', () => {
  it('is the billing name, trimmed', () => {
    expect(customerNameOf('  Lakeside Bait ', 'Somewhere Else')).toBe('Lakeside Bait');
  });
  it('falls back to the shipping name when the billing name is missing or blank', () => {
    expect(customerNameOf(null, ' Ship Only ')).toBe('Ship Only');
    expect(customerNameOf('   ', 'Ship Only')).toBe('Ship Only');
    expect(customerNameOf(undefined, 'Ship Only')).toBe('Ship Only');
  });
  it('is blank when both are', () => {
    expect(customerNameOf(' ', null)).toBe('');
  });
});
