/** The change feed: services announce (at their transaction's end), sinks and the live subscription follow. */
export {
  announceChange,
  changeTransaction,
  createChangeAnnouncer,
  sendBeforeCommit,
  type ChangeTx,
  type RecordReader,
  type RecordReaders,
} from './announce';
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
