import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@icehouse/domain';
import { useOrdersTestApp } from '../../../tests/orders-test-support';
import { makeQuote } from '../../../tests/quotes-support';
import { buildOpenApiDocument } from '../../rest/openapi';
import { restRoutes } from '../../rest/routes';

/**
 * A quote is emailed through REST as a statement is (POST /api/quotes/{id}/email/), the same call as the
 * email dialog's. No SMTP server here: the message is kept as not sent (the SMTP path is quotes/email.test.ts).
 */
const ctx = useOrdersTestApp();

describe('POST /api/quotes/{id}/email/', () => {
  it("queues the quote's email (201, its sent log entry), with the email form's field errors and a 404 for no quote", async () => {
    const quote = await makeQuote(ctx.staff, ctx.cat);
    const sent = await ctx.staff.post(`/api/quotes/${quote.id}/email/`, { to: 'buyer@acme.example', subject: 'Quote Q-1001', body: 'Here it is.' });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json()).toMatchObject({ kind: 'quote', record_id: quote.id, to: ['buyer@acme.example'], status: 'not_sent' });
    const log = (await ctx.staff.trpcQuery('email.log', { kind: 'quote', id: quote.id })).json().result.data.results;
    expect(log.map((e: { id: number }) => e.id)).toEqual([sent.json().id]);

    const bad = await ctx.staff.post(`/api/quotes/${quote.id}/email/`, { to: ' ', subject: 'Quote', body: '' });
    expect([bad.statusCode, bad.json()]).toEqual([400, { to: [MESSAGES.emailToRequired] }]);
    const missing = await ctx.staff.post('/api/quotes/999999/email/', { to: 'buyer@acme.example', subject: 'Quote', body: '' });
    expect(missing.statusCode).toBe(404);
    // Documented among the quotes' paths.
    const doc = buildOpenApiDocument(restRoutes) as { paths: Record<string, Record<string, { tags: string[]; responses: Record<string, unknown> }>> };
    expect(doc.paths['/api/quotes/{id}/email/']!.post!.tags).toEqual(['Quotes']);
    expect(Object.keys(doc.paths['/api/quotes/{id}/email/']!.post!.responses)).toContain('201');
  });

  it("saves the typed address on the quote's customer when asked (one address, only when asked), as the dialog offers", async () => {
    const customer = await ctx.staff.post('/api/customers/', { name: 'Gull Point Ice', email: 'old@gull.example' });
    expect(customer.statusCode, customer.body).toBe(201);
    const customerId = customer.json().id as number;
    const quote = await makeQuote(ctx.staff, ctx.cat, { customer_id: customerId });
    const compose = (await ctx.staff.trpcQuery('email.compose', { kind: 'quote', id: quote.id })).json().result.data;
    expect(compose.customer).toEqual({ id: customerId, name: 'Gull Point Ice', email: 'old@gull.example' });
    const emailOf = async () => (await ctx.staff.get(`/api/customers/${customerId}/`)).json().email as string;

    const notAsked = await ctx.staff.post(`/api/quotes/${quote.id}/email/`, { to: 'ap@gull.example', subject: 'Quote', body: '' });
    expect(notAsked.statusCode, notAsked.body).toBe(201);
    expect(await emailOf()).toBe('old@gull.example');
    const two = await ctx.staff.post(`/api/quotes/${quote.id}/email/`, { to: 'a@gull.example, b@gull.example', subject: 'Quote', body: '', save_to_customer: true });
    expect(two.statusCode, two.body).toBe(201);
    expect(await emailOf()).toBe('old@gull.example');
    const saved = await ctx.staff.post(`/api/quotes/${quote.id}/email/`, { to: 'ap@gull.example', subject: 'Quote', body: '', save_to_customer: true });
    expect(saved.statusCode, saved.body).toBe(201);
    expect(await emailOf()).toBe('ap@gull.example');
    // Its statements go there now: the customer's page and the next dialog read it.
    expect((await ctx.staff.trpcQuery('email.compose', { kind: 'quote', id: quote.id })).json().result.data.customer.email).toBe('ap@gull.example');
  });
});
