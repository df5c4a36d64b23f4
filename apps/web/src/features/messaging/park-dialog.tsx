import { IGNORED_MESSAGE_GROUP_ID } from '@glass/domain/constants';
import { type RecordTypeName, recordTypeLabel } from '@glass/domain/enums';
import { toParkedSlot } from '@glass/domain/rules/parked-item';
import { isSlotOccupied, type ParkedSlot, parkSlots } from '@glass/domain/rules/parking';
import { useQueryClient } from '@tanstack/react-query';
import { Modal, Radio, Select } from 'antd';
import { useEffect, useId, useMemo, useState } from 'react';
import { useParkedItems } from '../../api/footer-api';
import { ApiError } from '../../api/http';
import { withProgress } from '../../api/notices';
import { useSessionState } from '../../api/use-session';
import { DEFAULT_PARK_LINES, useMessageGroups, useParkLineCount, messagingApi } from './api';
import { conversationKeys } from '../../query/query-keys';
import { SearchSelect } from '../../ui/search-select';
import './messaging.css';

const recordText = (slot: ParkedSlot) =>
  `${recordTypeLabel(slot.recordType ?? '') || slot.recordType} ${slot.recordNumber}`;

/**
 * A line of the Park dialog (spec 1 §4: a slot is occupied when recordNumber > 0). A line another record
 * holds is shown with its occupant and cannot be chosen; the line this record is on can (to re-target it).
 */
export function parkLineOption(slot: ParkedSlot, recordType: RecordTypeName, recordId: number) {
  const line = `Line ${slot.parkedLineNumber}`;
  if (!isSlotOccupied(slot))
    return { value: slot.parkedLineNumber, label: `${line} — free`, disabled: false };
  const here = slot.recordType === recordType && slot.recordNumber === recordId;
  const target = slot.parkedFor ? ` for ${slot.parkedFor}` : '';
  return {
    value: slot.parkedLineNumber,
    label: here ? `${line} — this record${target}` : `${line} — taken: ${recordText(slot)}${target}`,
    disabled: !here,
  };
}

export function ParkDialog({
  recordType,
  recordId,
  onClose,
  onParked,
}: {
  recordType: RecordTypeName;
  recordId: number;
  onClose: () => void;
  onParked?: () => void;
}) {
  const id = useId();
  const session = useSessionState();
  const lines = useParkLineCount();
  const groups = useMessageGroups();
  const parked = useParkedItems();
  const { refetch: refetchParked } = parked;
  // The lines as they are now, not as the footer last saw them.
  useEffect(() => {
    void refetchParked();
  }, [refetchParked]);
  const queryClient = useQueryClient();
  const [line, setLine] = useState<number | undefined>();
  const [target, setTarget] = useState<'user' | 'group'>('user');
  const [userId, setUserId] = useState<number | undefined>();
  const [groupId, setGroupId] = useState<number | undefined>();
  const [saving, setSaving] = useState(false);

  const lineOptions = useMemo(
    () =>
      parkSlots(
        lines.data ?? DEFAULT_PARK_LINES,
        (parked.data ?? []).map((item) => toParkedSlot({ ...item, parkedAt: item.parkedAt ?? null })),
      ).map((slot) => parkLineOption(slot, recordType, recordId)),
    [lines.data, parked.data, recordType, recordId],
  );
  const freeLines = lineOptions.filter((o) => !o.disabled).length;
  // A line taken meanwhile (another screen parked on it) is no longer a choice.
  useEffect(() => {
    if (line !== undefined && lineOptions.find((o) => o.value === line)?.disabled) setLine(undefined);
  }, [line, lineOptions]);
  const userOptions = useMemo(
    () =>
      session.employeeList.map((e) => ({
        value: e.id,
        label: [e.firstName, e.lastName].filter(Boolean).join(' ') || `#${e.id}`,
      })),
    [session.employeeList],
  );
  const groupOptions = (groups.data ?? session.groupRoles)
    .filter((g) => g.id !== IGNORED_MESSAGE_GROUP_ID)
    .map((g) => ({ value: g.id, label: g.name }));
  const chosen = target === 'user' ? userId : groupId;
  const ready = line !== undefined && chosen !== undefined;

  const park = async () => {
    if (!ready) return;
    const body =
      target === 'user'
        ? { parkLine: line, parkedForUserId: userId }
        : { parkLine: line, parkedForMessageGroupId: groupId };
    setSaving(true);
    try {
      await withProgress(messagingApi.park(recordType, recordId, body));
      void queryClient.invalidateQueries({ queryKey: conversationKeys.parked });
      onParked?.();
      onClose();
    } catch (error) {
      // withProgress has shown the error; a 409 means the line was taken meanwhile: show it taken.
      if (error instanceof ApiError && error.status === 409) void refetchParked();
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      title="Park"
      open
      onCancel={onClose}
      onOk={() => void park()}
      okText="Park"
      okButtonProps={{ disabled: !ready, loading: saving }}
    >
      <div className="park-form">
        <label htmlFor={`${id}-line`}>Line</label>
        <Select
          id={`${id}-line`}
          aria-label="Line"
          aria-describedby={`${id}-line-help`}
          placeholder={parked.isPending ? 'Loading lines…' : 'Choose a free line'}
          loading={parked.isPending}
          options={lineOptions}
          value={line}
          onChange={setLine}
        />
        <div id={`${id}-line-help`} className="park-lines-help">
          {parked.isPending
            ? ''
            : freeLines === 0
              ? 'Every line is taken. Remove a parked item first.'
              : `${freeLines} of ${lineOptions.length} lines free`}
        </div>
        <Radio.Group
          aria-label="Park for"
          value={target}
          onChange={(event) => setTarget(event.target.value)}
          options={[
            { value: 'user', label: 'User' },
            { value: 'group', label: 'Group' },
          ]}
        />
        {target === 'user' ? (
          <>
            <label htmlFor={`${id}-user`}>User</label>
            <SearchSelect<number>
              id={`${id}-user`}
              aria-label="User"
              options={userOptions}
              value={userId}
              onChange={setUserId}
            />
          </>
        ) : (
          <>
            <label htmlFor={`${id}-group`}>Group</label>
            <SearchSelect<number>
              id={`${id}-group`}
              aria-label="Group"
              options={groupOptions}
              value={groupId}
              onChange={setGroupId}
            />
          </>
        )}
      </div>
    </Modal>
  );
}
