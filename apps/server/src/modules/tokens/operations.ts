import { apiTokenCreateSchema } from '@icehouse/domain';
import { defineOperation, operationSet } from '../../operations/define';
import { apiTokenIdInput, apiTokenListAnswer, apiTokenSchema, createdApiTokenAnswer } from './schemas';
import { createToken, listTokens, revokeToken } from './service';

/**
 * Personal API tokens, managed from the web app only (tRPC, signed in with a session): no REST path,
 * so a token can never make or revoke tokens.
 */
export const tokensOperations = operationSet('tokens', {
  list: defineOperation({
    kind: 'query',
    access: 'signedIn',
    output: apiTokenListAnswer,
    run: ({ deps, user }) => listTokens(deps, user),
  }),
  create: defineOperation({
    kind: 'mutation',
    access: 'signedIn',
    input: apiTokenCreateSchema,
    output: createdApiTokenAnswer,
    run: ({ deps, user, input }) => createToken(deps, user, input),
  }),
  revoke: defineOperation({
    kind: 'mutation',
    access: 'signedIn',
    input: apiTokenIdInput,
    output: apiTokenSchema,
    run: ({ deps, user, input }) => revokeToken(deps, user, input.id),
  }),
});
