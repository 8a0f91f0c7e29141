import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from './openapi';
import { restRoutes } from './routes';

/** The OpenAPI document says how each operation may be called and what it can answer. */
interface Operation {
  description: string;
  security: Record<string, string[]>[];
  parameters: { name: string; in: string }[];
  responses: Record<string, { description: string }>;
}
const doc = buildOpenApiDocument(restRoutes) as unknown as {
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, { description: string }> };
};
const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, op]) => ({ path, method: method.toUpperCase(), op, route: restRoutes.find((r) => r.path === path && r.method === method.toUpperCase())! })),
);

interface JsonSchema {
  required?: string[];
  properties?: Record<string, { description?: string }>;
}

describe('the OpenAPI document', () => {
  it('declares the query parameters of the reports and the shop floor, whose inputs may be left out whole', () => {
    const queryOf = (path: string) => (doc.paths[path]!.get!.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
    for (const path of ['/api/production/materials/', '/api/production/materials/csv/', '/api/production/materials/pdf/'])
      expect(queryOf(path), path).toEqual(['from', 'to', 'statuses']);
    expect(queryOf('/api/production/board/')).toEqual(['week']);
    for (const path of ['/api/reports/margin/', '/api/reports/margin/csv/']) expect(queryOf(path), path).toEqual(['from', 'to', 'group']);
    expect(queryOf('/api/reports/accounting-export/')).toEqual(['from', 'to', 'format']);
    expect(queryOf('/api/reports/accounting-export/summary/')).toEqual(['from', 'to']);
    for (const path of ['/api/reports/sales-tax/', '/api/reports/sales-tax/csv/']) expect(queryOf(path), path).toEqual(['from', 'to', 'period']);
  });

  it('declares per operation both security schemes where a token works, and says so in words', () => {
    for (const { path, method, op, route } of operations) {
      const where = `${method} ${path}`;
      expect(op.description, where).not.toMatch(/Needs a signed-in session/);
      if (route.access === 'public') {
        expect(op.security, where).toEqual([]);
      } else if (route.tokens) {
        expect(op.security, where).toEqual([{ session: [] }, { token: [] }]);
        expect(op.description, where).toMatch(/signed-in session.* or an API token/);
        expect(op.description, where).toContain(method === 'GET' ? 'read or read_write' : 'read_write scope');
      } else {
        expect(op.security, where).toEqual([{ session: [] }]);
        expect(op.description, where).toMatch(/API tokens are refused here/);
      }
    }
    const orders = doc.paths['/api/orders/']!.get!;
    expect(orders.description).toBe(
      'For the roles admin, office, sales, accounting, shop: a signed-in session or an API token (read or read_write scope), sent as Authorization: Token <key> or Bearer <key>.' +
        ' For the shop role the answer has no money fields (absent, not zero).',
    );
    expect(doc.components.securitySchemes.token!.description).toMatch(/`Bearer <key>`/);
  });

  it('lists 409 among the answers of PUT, PATCH and DELETE on orders, with what it means there, and of every other write', () => {
    const order = doc.paths['/api/orders/{id}/']!;
    expect(order.put!.responses['409']!.description).toMatch(/changed by someone else since the version you read/);
    expect(order.patch!.responses['409']!.description).toMatch(/changed by someone else since the version you read/);
    expect(order.delete!.responses['409']!.description).toMatch(/has an invoice/);
    for (const { path, method, op } of operations) {
      if (method === 'GET') expect(op.responses['409'], `${method} ${path}`).toBeUndefined();
      else expect(op.responses['409']?.description, `${method} ${path}`).toMatch(/nothing was saved/);
    }
    expect(doc.paths['/api/customers/{id}/']!.delete!.responses['409']!.description).toMatch(/has orders/);
  });

  it('documents If-Match on PATCH /api/orders/{id}/, and 403, 404 and 429 where they can happen', () => {
    const patch = doc.paths['/api/orders/{id}/']!.patch!;
    expect(patch.parameters.find((p) => p.name === 'If-Match')).toMatchObject({ in: 'header' });
    expect(patch.responses['403']!.description).toMatch(/X-CSRFToken.*read-only token/);
    expect(patch.responses['404']).toBeDefined();
    expect(patch.responses['429']).toBeDefined();
    expect(doc.paths['/api/orders/']!.get!.responses['404']!.description).toMatch(/a page past the end/);
    expect(doc.paths['/api/orders/by-month/']!.get!.responses['404']).toBeUndefined();
    expect(doc.paths['/api/auth/users/']!.post!.responses['403']!.description).toMatch(/a role other than admin.*an API token/);
  });

  it('names the roles of each operation, and marks money fields absent for the roles that see no money', () => {
    const get = doc.paths['/api/orders/{id}/']!.get! as unknown as { 'x-roles': string[]; responses: Record<string, { content: { 'application/json': { schema: JsonSchema } } }> };
    expect(get['x-roles']).toEqual(['admin', 'office', 'sales', 'accounting', 'shop']);
    const order = get.responses['200']!.content['application/json'].schema;
    expect(order.required).toContain('door_number');
    expect(order.required).not.toContain('freight_cost');
    expect(order.properties!.freight_cost!.description).toMatch(/Absent for the shop role/);
    const invoices = doc.paths['/api/invoices/']!.get! as unknown as { 'x-roles': string[]; responses: Record<string, { content: { 'application/json': { schema: JsonSchema } } }> };
    expect(invoices['x-roles']).toEqual(['admin', 'office', 'accounting']);
    expect(JSON.stringify(invoices.responses['200']!.content['application/json'].schema)).not.toContain('Absent for the');
  });

  it("says the customer's answers need no CSRF token (the link's header authorises them) and sign-in does", () => {
    for (const path of ['/api/customer/quotes/{id}/accept/', '/api/customer/quotes/{id}/decline/']) {
      const post = doc.paths[path]!.post!;
      expect(post.description, path).toMatch(/No session, API token or CSRF token needed/);
      expect(post.parameters.map((p) => p.name), path).toContain('X-Customer-Link');
      expect(JSON.stringify(post.responses), path).not.toMatch(/CSRF/);
    }
    const login = doc.paths['/api/auth/login/']!.post!;
    expect(login.description).toMatch(/X-CSRFToken/);
    expect(login.responses['403']!.description).toMatch(/X-CSRFToken/);
  });

  it('names the answer headers: X-Request-Id on every success, RateLimit-* where a token works', () => {
    const headersOf = (path: string, method: string) =>
      Object.keys((doc.paths[path]![method] as unknown as { responses: Record<string, { headers?: object }> }).responses[method === 'delete' ? '204' : '200']!.headers ?? {});
    expect(headersOf('/api/orders/', 'get')).toEqual(['X-Request-Id', 'RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset', 'RateLimit-Policy']);
    expect(headersOf('/api/orders/{id}/', 'delete')).toContain('RateLimit-Remaining');
    expect(headersOf('/api/auth/check/', 'get')).toEqual(['X-Request-Id']);
  });
});
