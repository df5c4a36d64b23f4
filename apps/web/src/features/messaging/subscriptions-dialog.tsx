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
import { toastError, withProgress } from '../../api/notices';
import { useFailureToast } from '../../query/use-failure-toast';
import { useNarrow } from '../../ui/use-narrow';
import { type Subscription, useSubscriptions, messagingApi } from './api';
import { conversationKeys } from '../../query/query-keys';

/** Subscription Settings dialog (spec 1 §2, §5): Never / Always per group; only changed rows are saved. */
export function SubscriptionsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const narrow = useNarrow();
  const queryClient = useQueryClient();
  const query = useSubscriptions(open);
  const [edits, setEdits] = useState<Record<number, boolean>>({});
  const [saving, setSaving] = useState(false);

  useFailureToast(query.isError, FAILED_TO_GET_USER_SUBSCRIPTIONS);
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
        Promise.allSettled(changed.map((row) => messagingApi.saveSubscription(row, chosenOf(row)))),
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
      void queryClient.invalidateQueries({ queryKey: conversationKeys.subscriptions });
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
        scroll={{ x: 'max-content' }}
        // Spec 1 §2: four columns, group name, group description, Never, Always (one radio group per row).
        columns={[
          { title: 'Group', dataIndex: 'groupName', key: 'groupName' },
          { title: 'Description', dataIndex: 'groupDescription', key: 'groupDescription' },
          ...(
            [
              [NEVER, false],
              [ALWAYS, true],
            ] as const
          ).map(([title, always]) => ({
            title,
            key: title,
            align: 'center' as const,
            render: (_: unknown, row: Subscription) => (
              <Radio
                name={`subscription-${row.id}`}
                aria-label={`${title}: ${row.groupName ?? `group ${row.messageGroupId}`}`}
                checked={chosenOf(row) === always}
                onChange={() => setEdits((prev) => ({ ...prev, [row.id]: always }))}
              />
            ),
          })),
        ]}
      />
    </Modal>
  );
}
