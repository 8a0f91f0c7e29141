import { defineOperation, operationSet } from '../../operations/define';
import { getSystemStatus, systemStatusSchema } from './service';

export const systemOperations = operationSet('system', {
  /** The web's status screen (no REST binding: /healthz answers the same for probes). */
  status: defineOperation({
    kind: 'query',
    access: 'public',
    output: systemStatusSchema,
    run: ({ deps }) => getSystemStatus(deps),
  }),
});
