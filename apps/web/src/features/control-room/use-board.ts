import {
  APPOINTMENT_CHANGED_EVENT,
  CONTROL_ROOM_CHANGED_EVENT,
  CONTROL_ROOM_WATCH_EVENT,
} from '@glass/domain/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { emitRealtime, onRealtimeConnect, onRealtimeEvent } from '../messaging';
import { controlRoomApi, controlRoomKeys } from './control-room-api';

export const FAILED_TO_GET_CONTROL_ROOM = 'Failed to get the Control Room';

const facilityOf = (payload: unknown) => Number((payload as { facilityId?: unknown } | null)?.facilityId);

/**
 * One facility's board, kept live without polling: the socket follows the facility's room
 * (`ControlRoomWatch`), and each `ControlRoomChanged` (or `AppointmentChanged`) of that facility reads the
 * board again. After a dropped connection the socket re-joins and the board is read again, which catches
 * up on whatever changed meanwhile. A read in flight is replaced by the newer one (react-query cancels it).
 */
export function useControlRoomBoard(facilityId: number | undefined) {
  const query = useQuery({
    queryKey: controlRoomKeys.board(facilityId),
    queryFn: () => controlRoomApi.board(facilityId),
    // Fresh until the server says otherwise: changes come as events, not by polling or focus.
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    gcTime: 60_000,
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
    };
  }, [shown]);

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
