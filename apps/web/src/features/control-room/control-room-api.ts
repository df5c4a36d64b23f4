import type { ControlRoomBoard } from '@glass/domain/contracts';
import { http } from '../../api/http';

/** GET /api/control-room (apps/server/src/modules/control-room/README.md). */
export const controlRoomApi = {
  board: (facilityId: number | undefined) =>
    http.get<ControlRoomBoard>('control-room', { query: facilityId ? { facilityId } : undefined }),
};

/** One cache entry per facility: a wall rotating all day keeps at most one board per facility. */
