import type { RestRoute } from './route';
import { moduleOperations } from '../modules/operations';
import { restRoutesOf } from '../operations/rest';
import { ordersRestRoutes } from '../modules/orders/rest';

/**
 * Every documented REST route, in one table: the registry wires them, the
 * OpenAPI document describes them, and the access test walks them.
 */
export const restRoutes: RestRoute[] = [...restRoutesOf(moduleOperations), ...ordersRestRoutes];
