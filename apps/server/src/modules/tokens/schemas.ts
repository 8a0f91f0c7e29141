import { z } from 'zod';
import { API_TOKEN_SCOPES } from '@icehouse/domain';
import { idField } from '../../operations/input';

export const apiTokenSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  scope: z.enum(API_TOKEN_SCOPES),
  /** The key's first characters (`ihk_AbC123`), to tell keys apart; the key itself is never shown again. */
  key_prefix: z.string(),
  user_id: z.number().int(),
  username: z.string(),
  /** ISO timestamps (UTC). */
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  expires_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
});
export type ApiTokenView = z.output<typeof apiTokenSchema>;

export const apiTokenListAnswer = z.array(apiTokenSchema);
/** The new token with its key: the only time the key is shown. */
export const createdApiTokenAnswer = apiTokenSchema.extend({ key: z.string() });
export const apiTokenIdInput = z.object({ id: idField });

// ------------------------------------------------------------------------ each call's answer

/** Each JSON call's answer by its name: `src/operations/answer-schemas.ts` composes every module's (the web's test fakes read them). */
export const tokensAnswers = {
  'tokens.list': apiTokenListAnswer,
  'tokens.create': createdApiTokenAnswer,
  'tokens.revoke': apiTokenSchema,
};
