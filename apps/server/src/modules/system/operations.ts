import { defineOperation, operationSet } from '../../operations/define';
import { systemStatusSchema } from './schemas';
import { getSystemStatus } from './service';

export const systemOperations = operationSet('system', {
  /** The web's status screen (no REST binding: /healthz answers probes). The database kind and version are not for anonymous callers. */
  status: defineOperation({
    kind: 'query',
    access: 'signedIn',
    output: systemStatusSchema,
    run: ({ deps }) => getSystemStatus(deps),
  }),
});
