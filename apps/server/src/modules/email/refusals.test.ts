import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@icehouse/domain';
import { createOrder } from '../../../tests/invoices-test-support';
import { useOrdersTestApp } from '../../../tests/orders-test-support';

/**
 * A refusal about no field answers the one error shape: `{ "detail": "..." }` on REST, its message (and no
 * field errors) on tRPC. No SMTP server is configured here.
 */
const ctx = useOrdersTestApp();

type TrpcFailure = { error: { message: string; data: { appCode: string; fieldErrors: unknown } } };

describe('email refusals', () => {
  it('emailing a statement without SMTP answers 400 {detail} as a string, like every other refusal', async () => {
    const customer = await ctx.staff.post('/api/customers/', { name: 'Gull Point Ice', email: 'ap@gull.example' });
    expect(customer.statusCode, customer.body).toBe(201);
    const res = await ctx.staff.post(`/api/customers/${customer.json().id as number}/statement/email/`, {
      from: '2026-10-01',
      to: '2026-10-31',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: MESSAGES.emailNotConfigured });

    const trpc = await ctx.staff.trpcMutation('statements.email', {
      id: customer.json().id as number,
      data: { from: '2026-10-01', to: '2026-10-31' },
    });
    expect(trpc.statusCode).toBe(400);
    const failure = trpc.json() as TrpcFailure;
    expect(failure.error.message).toBe(MESSAGES.emailNotConfigured);
    expect(failure.error.data).toMatchObject({ appCode: 'VALIDATION', fieldErrors: null });
  });

  it("emailing the bill of lading of an order that has none is refused with its message, not as a field", async () => {
    const order = await createOrder(ctx);
    const res = await ctx.staff.trpcMutation('email.send', {
      kind: 'bol',
      id: order.id,
      data: { to: 'ap@example.com', cc: '', subject: 'BOL', body: 'Attached.' },
    });
    expect(res.statusCode).toBe(400);
    const failure = res.json() as TrpcFailure;
    expect(failure.error.message).toBe(MESSAGES.emailNoBol);
    expect(failure.error.data).toMatchObject({ appCode: 'VALIDATION', fieldErrors: null });
  });
});
