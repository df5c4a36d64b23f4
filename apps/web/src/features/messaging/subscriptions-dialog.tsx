import { SUBSCRIPTIONS_DIALOG_WIDTH } from '@glass/domain/constants';
import {
  ALWAYS,
  FAILED_TO_GET_USER_SUBSCRIPTIONS,
  FAILED_TO_SAVE_SUBSCRIPTIONS,
  FAILED_TO_UPDATE_SUBSCRIPTION_SETTINGS,
  NEVER,
  SUBSCRIPTION_SETTINGS_TITLE,
} from '@glass/domain/messages/subscriptions';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Modal, Radio, Table } from 'antd';
import { useEffect, useState } from 'react';
import { http } from '../../api/http';
import { toastError, withProgress } from '../../api/notices';
import { useNarrow } from '../../shell/use-narrow';
import { SUBSCRIPTIONS_KEY, type Subscription, useSubscriptions } from './api';

/** Subscription Settings dialog (spec 1 §2, §5): Never / Always per group; only changed rows are saved. */
export function SubscriptionsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const narrow = useNarrow();
  const queryClient = useQueryClient();
  const query = useSubscriptions(open);
  const [edits, setEdits] = useState<Record<number, boolean>>({});
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (query.isError) toastError(FAILED_TO_GET_USER_SUBSCRIPTIONS);
  }, [query.isError]);
  useEffect(() => {
    if (open) setEdits({});
  }, [open]);

  const rows = query.data ?? [];
  const chosenOf = (row: Subscription) => edits[row.id] ?? row.always;
  const changed = rows.filter((row) => chosenOf(row) !== row.always);

  const submit = async () => {
    if (changed.length === 0) {
      onClose();
      return;
    }
    setSaving(true);
    try {
      const results = await withProgress(
        Promise.allSettled(
          changed.map((row) =>
            http.put(`Subscriptions/${row.id}`, {
              id: row.id,
              userId: row.userId,
              messageGroupId: row.messageGroupId,
              always: chosenOf(row),
              onDuty: row.onDuty,
              useSms: row.useSms,
            }),
          ),
        ),
      );
      const failed = results.filter((r) => r.status === 'rejected');
      if (failed.length === results.length) toastError(FAILED_TO_SAVE_SUBSCRIPTIONS);
      else if (failed.length > 0) toastError(FAILED_TO_UPDATE_SUBSCRIPTION_SETTINGS);
      else onClose();
    } catch {
      toastError(FAILED_TO_SAVE_SUBSCRIPTIONS);
    } finally {
      setSaving(false);
      setEdits({});
      void queryClient.invalidateQueries({ queryKey: SUBSCRIPTIONS_KEY });
    }
  };

  return (
    <Modal
      title={SUBSCRIPTION_SETTINGS_TITLE}
      open={open}
      width={narrow ? '100%' : SUBSCRIPTIONS_DIALOG_WIDTH}
      onCancel={onClose}
      footer={
        <>
          <Button type="primary" loading={saving} onClick={() => void submit()}>
            Submit
          </Button>
          <Button onClick={onClose}>Close</Button>
        </>
      }
    >
      <Table<Subscription>
        rowKey="id"
        size="small"
        loading={query.isPending && open}
        dataSource={rows}
        pagination={false}
        scroll={narrow ? undefined : { x: 'max-content' }}
        columns={[
          {
            title: 'Group',
            dataIndex: 'groupName',
            key: 'groupName',
            // Under 900 px the description goes under the name so the choice stays on screen.
            render: (name: string, row) =>
              narrow ? (
                <>
                  <div>{name}</div>
                  <small>{row.groupDescription}</small>
                </>
              ) : (
                name
              ),
          },
          ...(narrow
            ? []
            : [{ title: 'Description', dataIndex: 'groupDescription', key: 'groupDescription' }]),
          {
            title: `${NEVER} / ${ALWAYS}`,
            key: 'always',
            render: (_, row) => (
              <Radio.Group
                aria-label={`Subscription to ${row.groupName ?? `group ${row.messageGroupId}`}`}
                value={chosenOf(row) ? 'always' : 'never'}
                onChange={(event) =>
                  setEdits((prev) => ({ ...prev, [row.id]: event.target.value === 'always' }))
                }
                options={[
                  { value: 'never', label: NEVER },
                  { value: 'always', label: ALWAYS },
                ]}
              />
            ),
          },
        ]}
      />
    </Modal>
  );
}
