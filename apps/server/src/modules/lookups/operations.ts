import { defineOperation, operationSet } from '../../operations/define';
import { choiceListSchema, regionInput } from './schemas';
import { countryChoices, regionChoices, statusChoices } from './service';

const TAG = 'Lookups';

export const lookupsOperations = operationSet('lookups', {
  statusChoices: defineOperation({
    kind: 'query',
    access: 'signedIn',
    output: choiceListSchema,
    run: async () => statusChoices(),
    rest: { method: 'GET', path: '/api/orders/status_choices/', summary: 'Order statuses as value/label choices', tag: TAG },
  }),
  countries: defineOperation({
    kind: 'query',
    access: 'signedIn',
    output: choiceListSchema,
    run: async () => countryChoices(),
    rest: {
      method: 'GET',
      path: '/api/customers/country_choices/',
      summary: 'Countries for address forms as value/label choices (ISO codes, US first)',
      tag: TAG,
    },
  }),
  regions: defineOperation({
    kind: 'query',
    access: 'signedIn',
    input: regionInput,
    output: choiceListSchema,
    run: async ({ input }) => regionChoices(input?.country),
    rest: {
      method: 'GET',
      path: '/api/customers/region_choices/',
      summary: 'States / provinces of a country as value/label choices (country defaults to US; unknown country: empty list)',
      tag: TAG,
      query: true,
    },
  }),
});
