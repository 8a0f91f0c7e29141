import type { RestRoute } from './route';
import { moduleOperations } from '../modules/operations';
import { restRoutesOf } from '../operations/rest';

/**
 * Every documented REST route, in one table derived from the operations' declarations: the
 * registry wires them, the OpenAPI document describes them, and the security tests walk them.
 */
export const restRoutes: RestRoute[] = restRoutesOf(moduleOperations);
