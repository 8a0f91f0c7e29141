import { defineRoute } from '../../rest/legacy-route';
import { choiceListSchema, regionQuerySchema } from './schemas';
import { countryChoices, regionChoices, statusChoices } from './service';

export const lookupsRestRoutes = [
  defineRoute({
    method: 'GET',
    path: '/api/orders/status_choices/',
    summary: 'Order statuses as value/label choices',
    tag: 'Lookups',
    access: 'user',
    response: choiceListSchema,
    handler: async () => statusChoices(),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/customers/country_choices/',
    summary: 'Countries for address forms as value/label choices (ISO codes, US first)',
    tag: 'Lookups',
    access: 'user',
    response: choiceListSchema,
    handler: async () => countryChoices(),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/customers/region_choices/',
    summary:
      'States / provinces of a country as value/label choices (country defaults to US; unknown country: empty list)',
    tag: 'Lookups',
    access: 'user',
    query: regionQuerySchema,
    response: choiceListSchema,
    handler: async ({ query }) => regionChoices(query.country),
  }),
];
