export { describeChanges, type HistoryDefinition, type HistoryEntry, RecordHistory } from './history.js';
export { type LockableDefinition, LockableRecord, type LockRow, type LockState } from './lockable.js';
export { assertReference, REFERENCES, type ReferenceKind } from './references.js';
export {
  defineRecordType,
  type FileReadRule,
  type RecordType,
  type RecordTypeDefinition,
  recordTypeNamed,
  recordTypes,
} from './registry.js';
