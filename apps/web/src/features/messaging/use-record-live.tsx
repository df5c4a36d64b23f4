import type { LiveRecordType, RecordChanged } from '@glass/domain/contracts/record-live';
import {
  RECORD_CHANGED_EVENT,
  UNWATCH_RECORD_EVENT,
  WATCH_RECORD_EVENT,
} from '@glass/domain/realtime-events';
import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { Alert } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { toastInfo } from '../../api/notices';
import { useSessionState } from '../../api/use-session';
import { emitRealtime, onRealtimeConnect, onRealtimeEvent } from './realtime-bus';

/**
 * Follows one record live (contracts/record-live.ts): while the page is open the socket watches the record, and
 * each change committed to it (by anyone, here included) rereads `queryKeys`; a change by someone else is also
 * returned, for the page to say who changed what (RecordChangeNotice). The reread goes through the queries, so a
 * form with pending edits keeps them (the invoice form applies a fresh detail only when it has none; the service
 * vehicle's edit form reads its record once, when it opens). On a (re)connection the page watches again and
 * rereads, since a change made meanwhile sent nothing it heard.
 */
export function useRecordLive(
  recordType: LiveRecordType,
  id: number | undefined,
  queryKeys: readonly QueryKey[],
): { change: RecordChanged | null; dismiss: () => void; watching: boolean } {
  const queryClient = useQueryClient();
  const me = useSessionState().user?.id;
  const [change, setChange] = useState<RecordChanged | null>(null);
  // Whether the server confirmed the page follows the record (pages expose it as data-live, which tests wait for).
  const [watching, setWatching] = useState(false);
  const keys = useRef(queryKeys);
  keys.current = queryKeys;
  const myId = useRef(me);
  myId.current = me;

  useEffect(() => {
    if (!id) return;
    setChange(null);
    setWatching(false);
    let active = true;
    const reread = () => {
      for (const queryKey of keys.current) void queryClient.invalidateQueries({ queryKey });
    };
    const watch = () =>
      emitRealtime(WATCH_RECORD_EVENT, { recordType, id }, (answer) => {
        if (active) setWatching((answer as { ok?: boolean } | null)?.ok === true);
      });
    watch();
    const offConnect = onRealtimeConnect(() => {
      watch();
      reread();
    });
    const offEvent = onRealtimeEvent(RECORD_CHANGED_EVENT, (payload) => {
      const next = payload as RecordChanged;
      if (next?.recordType !== recordType || next.id !== id) return;
      reread();
      if (next.by?.id === myId.current) return;
      setChange(next);
      // Also where the viewer is: the page's notice sits at its top, out of sight of someone typing further down.
      toastInfo(next.notice);
    });
    return () => {
      active = false;
      offConnect();
      offEvent();
      emitRealtime(UNWATCH_RECORD_EVENT, { recordType, id });
    };
  }, [recordType, id, queryClient]);

  return { change, dismiss: () => setChange(null), watching };
}

/** The page's line about the latest change by someone else ("Luis Ortega marked Arrived"), until dismissed. */
export function RecordChangeNotice({
  change,
  onClose,
}: {
  change: RecordChanged | null;
  onClose: () => void;
}) {
  if (!change) return null;
  const at = new Date(change.at).toLocaleTimeString([], { hour: 'numeric', minute: '2-digit' });
  return (
    <Alert
      type="info"
      showIcon
      closable={{ 'aria-label': 'Dismiss', onClose }}
      role="status"
      data-testid="record-change-notice"
      title={change.notice}
      description={change.details ? `${change.details} (${at})` : at}
      style={{ marginBottom: 12 }}
    />
  );
}
