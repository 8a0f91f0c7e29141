import { z } from 'zod';
import { idField } from '../../operations/input';

/** The staff's calls on a document's customer links: the document's id in the path, the link's for a revoke. */
export const linkCreateInput = z.object({
  id: idField,
  data: z.object({ days: z.unknown().optional().describe('How many days the link works: 1 to 365, default 60') }).nullish(),
});
export const linkRevokeInput = z.object({ id: idField, linkId: idField });

// ------------------------------------------------------------------------------------ answers
const timestamp = z.string().describe('ISO 8601');

export const customerLinkAnswer = z.object({
  id: z.number().int(),
  entity_type: z.string(),
  entity_id: z.number().int(),
  created_at: timestamp,
  created_by: z.string().nullable(),
  expires_at: timestamp,
  revoked_at: timestamp.nullable(),
  state: z.enum(['active', 'expired', 'revoked']),
  views: z.number().int(),
  last_viewed_at: timestamp.nullable(),
});
/** A new link: its URL is answered this once (only its hash is kept). */
export const customerLinkCreatedAnswer = customerLinkAnswer.extend({ url: z.string() });
export const customerLinksAnswer = z.object({ results: z.array(customerLinkAnswer) });

export const customerLinkEventAnswer = z.object({
  id: z.number().int(),
  link_id: z.number().int(),
  action: z.enum(['view', 'pdf', 'accept', 'decline']),
  ip: z.string(),
  user_agent: z.string(),
  at: timestamp,
});
export const customerLinkEventsAnswer = z.object({ results: z.array(customerLinkEventAnswer) });
