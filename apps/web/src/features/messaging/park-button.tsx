import { PushpinOutlined } from '@ant-design/icons';
import { IGNORED_MESSAGE_GROUP_ID } from '@glass/domain/constants';
import type { RecordTypeName } from '@glass/domain/enums';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Modal, Radio, Select } from 'antd';
import { useId, useMemo, useState } from 'react';
import { http } from '../../api/http';
import { withProgress } from '../../api/notices';
import { useSessionState } from '../../api/use-session';
import { DEFAULT_PARK_LINES, PARKED_KEY, useMessageGroups, useParkLineCount } from './api';

/**
 * The "Park" action for record screens: choose a line (1..option 36) and a user or a message group,
 * then POST Invoices/{id}/park or ServiceVehicle/{id}/park.
 */
export function ParkButton({ recordType, recordId }: { recordType: RecordTypeName; recordId: number }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon={<PushpinOutlined />} onClick={() => setOpen(true)}>
        Park
      </Button>
      {open ? (
        <ParkDialog recordType={recordType} recordId={recordId} onClose={() => setOpen(false)} />
      ) : null}
    </>
  );
}

function ParkDialog({
  recordType,
  recordId,
  onClose,
}: {
  recordType: RecordTypeName;
  recordId: number;
  onClose: () => void;
}) {
  const id = useId();
  const session = useSessionState();
  const lines = useParkLineCount();
  const groups = useMessageGroups();
  const queryClient = useQueryClient();
  const [line, setLine] = useState<number | undefined>();
  const [target, setTarget] = useState<'user' | 'group'>('user');
  const [userId, setUserId] = useState<number | undefined>();
  const [groupId, setGroupId] = useState<number | undefined>();
  const [saving, setSaving] = useState(false);

  const lineOptions = useMemo(
    () =>
      Array.from({ length: lines.data ?? DEFAULT_PARK_LINES }, (_, i) => ({
        value: i + 1,
        label: `Line ${i + 1}`,
      })),
    [lines.data],
  );
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
    const path = recordType === 'Invoice' ? `Invoices/${recordId}/park` : `ServiceVehicle/${recordId}/park`;
    const body =
      target === 'user'
        ? { parkLine: line, parkedForUserId: userId }
        : { parkLine: line, parkedForMessageGroupId: groupId };
    setSaving(true);
    try {
      await withProgress(http.post(path, body));
      void queryClient.invalidateQueries({ queryKey: PARKED_KEY });
      onClose();
    } catch {
      // withProgress has shown the error.
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
        <Select id={`${id}-line`} aria-label="Line" options={lineOptions} value={line} onChange={setLine} />
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
            <Select
              id={`${id}-user`}
              aria-label="User"
              showSearch
              optionFilterProp="label"
              options={userOptions}
              value={userId}
              onChange={setUserId}
            />
          </>
        ) : (
          <>
            <label htmlFor={`${id}-group`}>Group</label>
            <Select
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
