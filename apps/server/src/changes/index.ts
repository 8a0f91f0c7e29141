/** The change feed (issue 17): services announce, the live subscription delivers. */
export { announceChange, registerChangeSink, type ChangeSink } from './announce';
export {
  CHANGE_ENTITIES,
  CHANGES_CHANNEL,
  type Change,
  type ChangeAction,
  type ChangeEntity,
  type ChangeInput,
  type LiveEvent,
} from './change';
export { createLiveHub, type LiveHub } from './live';
