import { formatDateTime } from '@glass/domain/rules/date-format';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Badge, Button, InputNumber, Select, Space, Switch } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useDocumentTitle } from '../../shell/document-title';
import { LoadState, ScreenFrame } from '../../ui/screen-frame';
import { BoardView } from './board-view';
import { FAILED_TO_GET_CONTROL_ROOM, prefetchBoard, useControlRoomBoard, useNow } from './use-board';
import './control-room.css';

export const DEFAULT_ROTATE_SECONDS = 30;
export const MIN_ROTATE_SECONDS = 5;
export const MAX_ROTATE_SECONDS = 600;

/** The wall settings live in the URL (`?wall=1&every=30&facilityId=3`), so a wall screen's bookmark keeps them. */
function useWallSettings() {
  const [params, setParams] = useSearchParams();
  const facilityId = Number(params.get('facilityId')) || undefined;
  const wall = params.get('wall') === '1';
  const raw = Number(params.get('every'));
  const every =
    Number.isInteger(raw) && raw >= MIN_ROTATE_SECONDS && raw <= MAX_ROTATE_SECONDS
      ? raw
      : DEFAULT_ROTATE_SECONDS;
  const set = useCallback(
    (change: { facilityId?: number; wall?: boolean; every?: number }) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          if (change.facilityId !== undefined) next.set('facilityId', String(change.facilityId));
          if (change.wall !== undefined) {
            if (change.wall) next.set('wall', '1');
            else next.delete('wall');
          }
          if (change.every !== undefined) next.set('every', String(change.every));
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return { facilityId, wall, every, set };
}

/**
 * /control-room (issue #21 item 2): one facility's live board for today. Wall mode: large type, full screen
 * on request, and the facilities in turn every N seconds.
 */
export function ControlRoomPage() {
  useDocumentTitle('Control Room');
  const { facilityId, wall, every, set } = useWallSettings();
  const board = useControlRoomBoard(facilityId);
  const now = useNow();
  const frame = useRef<HTMLDivElement>(null);
  const [fullscreen, setFullscreen] = useState(false);
  const data = board.data;
  const facilities = data?.facilities ?? [];
  const shown = data?.facility.id;

  // Wall mode: the next facility every `every` seconds (the shown board's list, in order, round), its board
  // read just before it is shown: a board left earlier is not kept (use-board.ts), so it is never stale.
  const client = useQueryClient();
  useEffect(() => {
    if (!wall || facilities.length < 2 || !shown) return;
    let cancelled = false;
    const timer = setTimeout(() => {
      const at = facilities.findIndex((f) => f.id === shown);
      const next = facilities[(at + 1) % facilities.length].id;
      // A failed read still turns: the board then shows its own failure and reads again.
      void prefetchBoard(client, next)
        .catch(() => undefined)
        .then(() => {
          if (!cancelled) set({ facilityId: next });
        });
    }, every * 1000);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [wall, every, shown, facilities, set, client]);

  useEffect(() => {
    const onChange = () => setFullscreen(document.fullscreenElement === frame.current && !!frame.current);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);
  const toggleFullscreen = () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void frame.current?.requestFullscreen?.().catch(() => {});
  };

  const title = data ? `Control Room: ${data.facility.name}` : 'Control Room';
  return (
    <div ref={frame} className={wall ? 'cr-frame cr-wall' : 'cr-frame'} data-testid="control-room">
      <ScreenFrame
        title={<span className="cr-title">{title}</span>}
        actions={
          <Space wrap align="center" className="cr-toolbar">
            <Badge
              status={board.live ? 'success' : 'default'}
              text={board.live ? 'Live' : 'Connecting'}
              data-testid="cr-live"
            />
            <Select<number>
              aria-label="Board facility"
              style={{ minWidth: 200 }}
              value={shown}
              onChange={(id) => set({ facilityId: id })}
              options={facilities.map((f) => ({ value: f.id, label: f.name }))}
              disabled={facilities.length < 2}
            />
            <Space size={6} align="center">
              <Switch checked={wall} onChange={(on) => set({ wall: on })} aria-label="Wall mode" />
              <span aria-hidden="true">Wall mode</span>
            </Space>
            <InputNumber<number>
              aria-label="Seconds per facility"
              min={MIN_ROTATE_SECONDS}
              max={MAX_ROTATE_SECONDS}
              value={every}
              onChange={(v) => v && set({ every: v })}
              suffix="s"
              style={{ width: 96 }}
            />
            <Button onClick={toggleFullscreen}>{fullscreen ? 'Exit full screen' : 'Full screen'}</Button>
          </Space>
        }
      >
        <LoadState
          loading={board.isPending}
          failed={board.isError && !data}
          failure={FAILED_TO_GET_CONTROL_ROOM}
          label="Loading Control Room"
        >
          {board.isError && data ? (
            <Alert
              type="warning"
              showIcon
              title="The board could not be refreshed; it shows the last figures."
            />
          ) : null}
          {data ? (
            <>
              <p className="cr-muted" role="status" aria-live="polite" data-testid="cr-read-at">
                Today {data.today} · updated {formatDateTime(data.readAt, data.facility.timeZone)}
              </p>
              <BoardView board={data} now={now} />
            </>
          ) : null}
        </LoadState>
      </ScreenFrame>
    </div>
  );
}
