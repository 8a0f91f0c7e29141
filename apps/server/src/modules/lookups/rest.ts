import { defineRoute } from '../../rest/route';
import { choiceListSchema } from './schemas';
import { statusChoices } from './service';

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
];
