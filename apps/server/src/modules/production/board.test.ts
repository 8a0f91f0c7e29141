import { describe, expect, it } from 'vitest';
import { orderPayload, shippable, useOrdersTestApp } from '../../../tests/orders-test-support';
import { boardAnswer } from './schemas';

const t = useOrdersTestApp();

async function order(door: string, shipDate: string | null) {
  const res = await t.staff.request('POST', '/api/orders/', {
    payload: orderPayload(t.cat, { door_number: door, ...shippable(t.cat), ship_date: shipDate }),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
}

const board = async (week?: string) => {
  const res = await t.staff.request('GET', '/api/production/board/', { query: week ? { week } : {} });
  expect(res.statusCode, res.body).toBe(200);
  return boardAnswer.parse(res.json());
};

describe('shop board', () => {
  it('shows the orders shipping in the ship week holding the given day, Sunday to Saturday, as cards', async () => {
    await order('5000', '2026-12-05'); // the Saturday before
    const a = await order('5001', '2026-12-06'); // Sunday: the week's first day
    await order('5002', '2026-12-12'); // Saturday: its last
    await order('5003', '2026-12-13'); // the next Sunday
    const view = await board('2026-12-10');
    expect(view.from).toBe('2026-12-06');
    expect(view.to).toBe('2026-12-12');
    expect(view.cards.map((c) => c.door_number)).toEqual(['5001', '5002']);
    expect(view.units).toBe(2);
    expect(view.cards[0]).toMatchObject({
      id: a,
      customer_name: 'Acme Foods',
      building: 'Walk-in Cooler 8x10',
      status: 'pending',
      next_possible_status: 'processed',
      missing_requirements: [],
    });
    // On a Sunday, "this week" is the one that starts that day, not the one just ending.
    expect((await board('2026-12-13')).cards.map((c) => c.door_number)).toEqual(['5003']);
    expect((await board('2026-12-06')).from).toBe('2026-12-06');
  });

  it('shows the orders still waiting for a ship date on every week, not counted in its units', async () => {
    const waiting = await order('5201', null);
    await order('5202', '2026-12-08');
    const voided = await order('5203', null);
    expect((await t.admin.request('POST', `/api/orders/${voided}/void/`)).statusCode).toBe(200);
    for (const week of ['2026-12-08', '2027-03-01']) {
      const view = await board(week);
      expect(view.unscheduled.map((c) => c.door_number)).toEqual(['5201']);
      expect(view.unscheduled[0]).toMatchObject({ id: waiting, ship_date: null, status: 'pending' });
    }
    const week = await board('2026-12-08');
    expect(week.cards.map((c) => c.door_number)).toEqual(['5202']);
    expect(week.units).toBe(1);
  });

  it('moves a card through the status call: requirements enforced, refusals answered, voided orders off the board', async () => {
    const id = await order('5101', '2026-12-08');
    const move = (status: string) => t.staff.request('POST', `/api/orders/${id}/change-status/`, { payload: { new_status: status } });
    for (const status of ['processed', 'scheduled_to_ship']) {
      const res = await move(status);
      expect(res.statusCode, res.body).toBe(200);
    }
    const card = (await board('2026-12-08')).cards[0]!;
    expect(card).toMatchObject({ status: 'scheduled_to_ship', missing_requirements: ['Invoice'], next_possible_status: 'completed' });
    const refused = await move('completed');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().missing_requirements).toEqual(['Invoice']);
    const other = await order('5102', '2026-12-09');
    const voided = await t.admin.request('POST', `/api/orders/${other}/void/`);
    expect(voided.statusCode, voided.body).toBe(200);
    expect((await board('2026-12-08')).cards.map((c) => c.door_number)).toEqual(['5101']);
  });

  it('refuses a day that is not a date, on its field', async () => {
    const res = await t.staff.request('GET', '/api/production/board/', { query: { week: '2026-13-01' } });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json())).toEqual(['week']);
  });

  it("marks the week over Company Information's weekly capacity", async () => {
    await order('5201', '2026-12-08');
    await order('5202', '2026-12-09');
    expect(await board('2026-12-08')).toMatchObject({ capacity: null, units: 2, over_capacity: false });
    const company = { name: 'Ice House Co', sales_tax_rate: '8.25', weekly_capacity: '1' };
    const saved = await t.admin.request('POST', '/api/company-info/', { payload: company });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().weekly_capacity).toBe(1);
    expect(await board('2026-12-08')).toMatchObject({ capacity: 1, units: 2, over_capacity: true });
    // a save that does not send it keeps it; 2 is not over
    await t.admin.request('POST', '/api/company-info/', { payload: { name: 'Ice House Co', sales_tax_rate: '8.25' } });
    expect((await board('2026-12-08')).capacity).toBe(1);
    await t.admin.request('POST', '/api/company-info/', { payload: { ...company, weekly_capacity: 2 } });
    expect(await board('2026-12-08')).toMatchObject({ capacity: 2, over_capacity: false });
    const bad = await t.admin.request('POST', '/api/company-info/', { payload: { ...company, weekly_capacity: '0' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ weekly_capacity: ['Weekly capacity must be a whole number of units from 1 to 100000, or blank.'] });
  });
});
