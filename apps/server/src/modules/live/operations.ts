import { defineOperation, defineSubscription, operationSet } from '../../operations/define';
import { liveEventSchema } from '../../changes/change';
import { changesInput, presenceAnswer, presenceInput, presenceLeaveAnswer } from './schemas';
import { heartbeat, leave } from './presence';

/**
 * Live updates: the change feed as a tRPC subscription over server-sent events, and presence on
 * open editors. tRPC only: it serves the app's open tabs; integrators get webhooks instead.
 */
export const liveOperations = operationSet('live', {
  /**
   * One per browser tab: every change the user may read, and "refetch" when changes may have been
   * missed. Ends within 5 s of the session ending (sign-out, deactivation, expiry).
   */
  changes: defineSubscription({
    kind: 'subscription',
    access: 'signedIn',
    input: changesInput,
    output: liveEventSchema,
    // tRPC takes no API tokens (route security): a signed-in call here always has a session.
    run: ({ deps, user, input, req, signal }) =>
      deps.live.events({ user, sessionId: req.auth!.session!.id, lastEventId: input?.lastEventId, signal }),
  }),
  /** The open editor's heartbeat: keeps this tab present on the record; answers who else is. */
  presence: defineOperation({
    kind: 'mutation',
    access: 'signedIn',
    input: presenceInput,
    output: presenceAnswer,
    run: ({ deps, user, input }) => heartbeat(deps, user, input),
  }),
  /** The editor closes: this tab is no longer present on the record. */
  leave: defineOperation({
    kind: 'mutation',
    access: 'signedIn',
    input: presenceInput,
    output: presenceLeaveAnswer,
    run: ({ deps, user, input }) => leave(deps, user, input),
  }),
});
