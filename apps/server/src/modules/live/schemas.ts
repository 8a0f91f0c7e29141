import { z } from 'zod';
import { idField } from '../../operations/input';
import { liveEventSchema } from '../../changes/change';

/** The records whose editors show presence. */
export const PRESENCE_ENTITIES = ['order', 'invoice'] as const;

export const changesInput = z
  .object({
    /** Sent by tRPC's httpSubscriptionLink on a reconnect: the id of the last event received. */
    lastEventId: z.string().max(100).nullish(),
  })
  .optional();

export const presenceInput = z.object({
  /** A random id per browser tab (one tab may be open twice on the same record by the same user). */
  tab_id: z.string().min(8).max(64),
  entity: z.enum(PRESENCE_ENTITIES),
  id: idField,
});

export const presenceAnswer = z.object({
  /** The other users who have the record open now (not this user), by name. */
  viewers: z.array(z.object({ user_id: z.number().int(), username: z.string() })),
});
export type PresenceAnswer = z.output<typeof presenceAnswer>;

export const presenceLeaveAnswer = z.object({ ok: z.literal(true) });

// ------------------------------------------------------------------------ each call's answer

/** Each JSON call's answer by its name: `src/operations/answer-schemas.ts` composes every module's (the web's test fakes read them). */
export const liveAnswers = {
  'live.changes': liveEventSchema,
  'live.presence': presenceAnswer,
  'live.leave': presenceLeaveAnswer,
};
