import { describe, expect, it } from 'vitest';
import { AREAS, ROLES, isMoneyField, rolesOf, roleMay, roleOfUserInput, seesMoney, withoutMoney } from './index';

describe('roles and areas', () => {
  it('office keeps everything staff had; only admin has the admin area', () => {
    for (const area of Object.keys(AREAS) as (keyof typeof AREAS)[]) {
      expect(roleMay('admin', area)).toBe(true);
      expect(roleMay('office', area)).toBe(area !== 'admin');
    }
  });

  it('the shop reads the work and moves it, and never sees money, customers or the books', () => {
    expect(rolesOf('production')).toEqual(['admin', 'office', 'shop']);
    expect(roleMay('shop', 'prices') || roleMay('shop', 'books') || roleMay('shop', 'sales')).toBe(false);
    expect(ROLES.filter((r) => !seesMoney(r))).toEqual(['shop']);
  });

  it('sales and accounting each have their part', () => {
    expect(rolesOf(['sales', 'books'])).toEqual(['admin', 'office', 'sales', 'accounting']);
    expect(roleMay('sales', 'books')).toBe(false);
    expect(roleMay('accounting', 'sales')).toBe(false);
  });

  it('a user input gives one role: the role when given, else the admin flag; a non-admin keeps theirs', () => {
    expect(roleOfUserInput({ is_admin: false, role: 'shop' })).toBe('shop');
    expect(roleOfUserInput({ is_admin: true })).toBe('admin');
    expect(roleOfUserInput({ is_admin: true, role: 'admin' })).toBe('admin');
    expect(roleOfUserInput({ is_admin: true, role: 'sales' })).toBeNull();
    expect(roleOfUserInput({ is_admin: false })).toBe('office');
    expect(roleOfUserInput({ is_admin: false }, 'accounting')).toBe('accounting');
    expect(roleOfUserInput({ is_admin: false }, 'admin')).toBe('office');
  });
});

describe('money fields', () => {
  it('are found at any depth and under the paths an order history names', () => {
    expect(isMoneyField('building_info.price')).toBe(true);
    expect(isMoneyField('building_info.additional_items[0].price')).toBe(true);
    expect(isMoneyField('building_info.door_placement')).toBe(false);
    expect(isMoneyField('total_orders')).toBe(false);
    const answer = { id: 1, totals: { total: '1.00' }, items: [{ name: 'a', price: '2.00' }], changes: { 'building_info.price': { old: '1', new: '2' }, status: { old: 'a', new: 'b' } } };
    expect(withoutMoney(answer)).toEqual({ id: 1, items: [{ name: 'a' }], changes: { status: { old: 'a', new: 'b' } } });
    expect(answer.items[0]).toHaveProperty('price');
  });
});
