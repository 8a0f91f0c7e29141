import { expect } from 'vitest';
import type { Catalogue } from './orders-test-support';
import type { TestClient } from './client';

/** A quote as the web form sends it: the order form's fields (a catalogue product, items, freight) and Valid Until. */
export function quotePayload(cat: Catalogue, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    date: '2026-03-01',
    valid_until: '2099-12-31',
    customer_po_job_name: 'Lake cabin',
    freight_cost: '250',
    discount: '10',
    discount_is_percentage: true,
    tax_exempt: false,
    billing_address: { name: 'Acme Foods', street: '1 Main St', city: 'Duluth', state: 'MN', zip_code: '55802', country: 'US' },
    shipping_address: { name: 'Acme Warehouse', street: '9 Dock Rd', city: 'Superior', state: 'WI', zip_code: '54880', country: 'US' },
    building_info: {
      product: cat.product.cooler,
      price: '12000.00',
      door_cladding: cat.doorCladding,
      door_cladding_price: '275.00',
      additional_items: [{ item: cat.item.rodHolder, quantity: 2, price: '19.90' }],
    },
    ...overrides,
  };
}

export interface MadeQuote {
  id: number;
  quote_number: string;
  version: number;
  status: string;
}

export async function makeQuote(client: TestClient, cat: Catalogue, overrides: Record<string, unknown> = {}): Promise<MadeQuote> {
  const res = await client.post('/api/quotes/', quotePayload(cat, overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as MadeQuote;
}

/** A customer link of the quote: its id, url and the token (the part after #). */
export async function makeLink(client: TestClient, quoteId: number, days?: number) {
  const res = await client.post(`/api/quotes/${quoteId}/links/`, days === undefined ? {} : { days });
  expect(res.statusCode, res.body).toBe(201);
  const link = res.json() as { id: number; url: string };
  return { ...link, token: link.url.split('#')[1]! };
}

export const linkHeaders = (token: string) => ({ headers: { 'x-customer-link': token } });

/** Marks the quote sent (POST mark-sent), as emailing it does: only a sent quote can be answered through a link. Its new version. */
export async function markQuoteSent(client: TestClient, quoteId: number): Promise<number> {
  const res = await client.post(`/api/quotes/${quoteId}/mark-sent/`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { version: number }).version;
}
