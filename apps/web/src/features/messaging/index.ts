// The messaging feature's front door: what other features may use (docs/architecture-boundaries.md).
export { NewConversationDrawer } from './lazy-new-conversation-drawer';
export { ParkButton } from './park-button';
export { emitRealtime, onRealtimeChange, onRealtimeConnect, onRealtimeEvent } from './realtime-bus';
export { RecordChangeNotice, useRecordLive } from './use-record-live';
