/**
 * The change feed's words (entities, event types, the live event schema) live in @icehouse/domain,
 * shared with the web; what a service states is ChangeInput (src/deps.ts).
 */
export {
  CHANGE_ENTITIES,
  EVENT_TYPES,
  changeSchema,
  eventTypeOf,
  liveChangeSchema,
  liveEventSchema,
  type Change,
  type ChangeAction,
  type ChangeEntity,
  type EventType,
  type LiveChange,
  type LiveEvent,
} from '@icehouse/domain';
export type { ChangeInput } from '../deps';

/** The PostgreSQL NOTIFY channel of the feed (lower case: channel names are identifiers). */
export const CHANGES_CHANNEL = 'icehouse_changes';
