import { APPOINTMENT_CHANGED_EVENT } from '@glass/domain/realtime-events';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { onRealtimeChange } from '../messaging';
import { appointmentKeys } from '../../query/query-keys';

/**
 * Redraws every appointment read on screen when the hub says an appointment was booked, moved or updated, and
 * when the connection is (re)established (a change made meanwhile sent no event this screen heard).
 */
export function useAppointmentLive() {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onRealtimeChange([APPOINTMENT_CHANGED_EVENT], () => {
        void queryClient.invalidateQueries({ queryKey: appointmentKeys.all });
      }),
    [queryClient],
  );
}
