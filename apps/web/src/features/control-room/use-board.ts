import {
  APPOINTMENT_CHANGED_EVENT,
  CONTROL_ROOM_CHANGED_EVENT,
  CONTROL_ROOM_WATCH_EVENT,
} from '@glass/domain/contracts';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { emitRealtime, onRealtimeConnect, onRealtimeEvent } from '../messaging';
import { controlRoomApi } from './control-room-api';
import { controlRoomKeys } from '../../query/query-keys';

export const FAILED_TO_GET_CONTROL_ROOM = 'Failed to get the Control Room';

const facilityOf = (payload: unknown) => Number((payload as { facilityId?: unknown } | null)?.facilityId);

const BOARD_GC_MS = 60_000;

/**
 * Reads a facility's board into the cache now (the wall reads the next facility before it turns to it, so
 * the board it shows is fresh and there is no loading state between facilities).
 */
export function prefetchBoard(client: QueryClient, facilityId: number) {
  return client.fetchQuery({
    queryKey: controlRoomKeys.board(facilityId),
    queryFn: () => controlRoomApi.board(facilityId),
    staleTime: 0,
    gcTime: BOARD_GC_MS,
  });
}

/**
 * Forgets the cached boards of a facility nobody shows: its events are no longer heard (the socket follows
 * one facility), so such a board may be stale, and returning to the facility must read it again rather than
 * show it (issue #32 item 6: a wall returning within the cache's 60 s showed the old board).
 */
function forgetUnwatched(client: QueryClient, facilityId: number) {
  client.removeQueries({
    queryKey: controlRoomKeys.all,
    predicate: (q) =>
      q.getObserversCount() === 0 &&
      (q.state.data as { facility?: { id?: number } } | undefined)?.facility?.id === facilityId,
  });
}

/**
 * One facility's board, kept live without polling: the socket follows the facility's room
 * (`ControlRoomWatch`), and each `ControlRoomChanged` (or `AppointmentChanged`) of that facility reads the
 * board again. After a dropped connection the socket re-joins and the board is read again, which catches
 * up on whatever changed meanwhile. A read in flight is replaced by the newer one (react-query cancels it).
 * A board is trusted only while it is watched: once another facility (or no board) is shown its cached copy
 * is dropped, so coming back reads it again (or finds the copy `prefetchBoard` has just read).
 */
export function useControlRoomBoard(facilityId: number | undefined) {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: controlRoomKeys.board(facilityId),
    queryFn: () => controlRoomApi.board(facilityId),
    // Fresh while watched: changes come as events, not by polling or focus.
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    gcTime: BOARD_GC_MS,
  });
  const shown = query.data?.facility.id;
  const refetch = useRef(query.refetch);
  refetch.current = query.refetch;
  const [live, setLive] = useState(false);

  useEffect(() => {
    if (!shown) return;
    const watch = () =>
      setLive(
        emitRealtime(CONTROL_ROOM_WATCH_EVENT, { facilityId: shown }, (answer) =>
          setLive((answer as { ok?: boolean } | null)?.ok === true),
        ),
      );
    const refresh = (payload: unknown) => {
      if (facilityOf(payload) === shown) void refetch.current();
    };
    watch();
    const offs = [
      onRealtimeEvent(CONTROL_ROOM_CHANGED_EVENT, refresh),
      onRealtimeEvent(APPOINTMENT_CHANGED_EVENT, refresh),
      onRealtimeConnect(() => {
        watch();
        void refetch.current();
      }),
    ];
    return () => {
      for (const off of offs) off();
      emitRealtime(CONTROL_ROOM_WATCH_EVENT, { facilityId: null });
      setLive(false);
      // Once nothing observes it: React has moved the query to the next facility's key by now, and a
      // StrictMode remount (development) has subscribed again, which keeps the board.
      setTimeout(() => forgetUnwatched(client, shown), 0);
    };
  }, [shown, client]);

  return { ...query, live };
}

/** The current time, updated every `ms` (the parked lines' age colours change as time passes). */
export function useNow(ms = 15_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), ms);
    return () => clearInterval(timer);
  }, [ms]);
  return now;
}
