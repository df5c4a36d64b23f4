import type { OutboxMessage } from '@glass/domain/contracts';
import { formatDateTime } from '@glass/domain/rules/date-format';
import { type Breakpoint, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { outboxKeys } from '../../query/query-keys';
import { useODataList } from '../../query/use-odata-list';
import { useDocumentTitle } from '../../shell/document-title';
import { DataTable } from '../../ui/data-table';
import { ListSkeleton } from '../../ui/list-skeleton';
import { ScreenFrame } from '../../ui/screen-frame';
import { formatPhone } from '../../ui/phone';

export const OUTBOX_TITLE = 'Outbox';
export const FAILED_TO_GET_OUTBOX = 'Failed to get Outbox';
const PAGE_SIZE = 25;
/** Columns left out on phones (375 px): the table keeps when, to whom, what and its status. */
const WIDE: Breakpoint[] = ['md'];

type Channel = OutboxMessage['channel'];
type Status = OutboxMessage['status'];

const CHANNELS: { value: Channel; label: string }[] = [
  { value: 'sms', label: 'Text (SMS)' },
  { value: 'email', label: 'E-mail' },
];
// The theme's status text on its light tint (antd's preset tag colours are too faint for WCAG AA contrast).
const tone = (name: 'warning' | 'info' | 'success' | 'error') => ({
  color: `var(--gs-color-${name})`,
  background: `var(--gs-color-${name}-bg)`,
});
const STATUSES: { value: Status; label: string; color: string; background: string }[] = [
  { value: 'pending', label: 'Pending', ...tone('warning') },
  { value: 'sending', label: 'Sending', ...tone('info') },
  { value: 'sent', label: 'Sent', ...tone('success') },
  { value: 'failed', label: 'Failed', ...tone('error') },
];

function RecordLink({ m }: { m: OutboxMessage }) {
  if (!m.recordType || m.recordId === null) return null;
  if (m.recordType === 'Invoice') return <Link to={`/invoices/${m.recordId}`}>Invoice {m.recordId}</Link>;
  if (m.recordType === 'ServiceVehicle')
    return <Link to={`/service-vehicles/${m.recordId}`}>Service Vehicle {m.recordId}</Link>;
  return (
    <span>
      {m.recordType} {m.recordId}
    </span>
  );
}

/** /outbox: texts and e-mails the server queued, newest first, with channel and status filters. */
export function OutboxPage() {
  useDocumentTitle(OUTBOX_TITLE);
  const [channel, setChannel] = useState<Channel>();
  const [status, setStatus] = useState<Status>();
  const [page, setPage] = useState(1);
  const query = useODataList<OutboxMessage>({
    key: outboxKeys.list(channel, status),
    path: 'notify/outbox',
    top: PAGE_SIZE,
    page,
    query: { channel, status },
    failure: FAILED_TO_GET_OUTBOX,
  });

  return (
    // min-width 0 and the wrapper's overflow keep a wide table scrolling inside itself at 375 px.
    <ScreenFrame title={OUTBOX_TITLE} style={{ minWidth: 0 }}>
      <Space wrap style={{ marginBottom: 16 }}>
        <Select<Channel>
          allowClear
          placeholder="All channels"
          aria-label="Channel"
          style={{ minWidth: 160 }}
          options={CHANNELS}
          value={channel}
          onChange={(v) => {
            setChannel(v);
            setPage(1);
          }}
        />
        <Select<Status>
          allowClear
          placeholder="All statuses"
          aria-label="Status"
          style={{ minWidth: 160 }}
          options={STATUSES.map(({ value, label }) => ({ value, label }))}
          value={status}
          onChange={(v) => {
            setStatus(v);
            setPage(1);
          }}
        />
      </Space>
      {query.isPending ? (
        <ListSkeleton label="Loading Outbox" />
      ) : (
        <div>
          <DataTable<OutboxMessage>
            label="Outbox messages"
            rowKey="id"
            dataSource={query.rows}
            loading={query.isFetching}
            empty="No messages found"
            pagination={{
              current: page,
              pageSize: PAGE_SIZE,
              total: query.count ?? 0,
              showSizeChanger: false,
              onChange: setPage,
            }}
            columns={[
              { key: 'created', title: 'Created', width: 160, render: (_, m) => formatDateTime(m.createdAt) },
              {
                key: 'status',
                title: 'Status',
                width: 100,
                render: (_, m) => {
                  const s = STATUSES.find((x) => x.value === m.status);
                  return (
                    <Tag style={s && { color: s.color, background: s.background, borderColor: s.color }}>
                      {s?.label ?? m.status}
                    </Tag>
                  );
                },
              },
              {
                key: 'channel',
                title: 'Channel',
                width: 100,
                responsive: WIDE,
                render: (_, m) => CHANNELS.find((c) => c.value === m.channel)?.label ?? m.channel,
              },
              {
                key: 'to',
                title: 'To',
                render: (_, m) => (m.channel === 'sms' ? formatPhone(m.toAddress) : m.toAddress),
              },
              {
                key: 'message',
                title: 'Message',
                width: 300,
                ellipsis: false,
                render: (_, m) => (
                  <Typography.Paragraph
                    style={{ marginBottom: 0 }}
                    ellipsis={{ rows: 2, expandable: true, symbol: 'more' }}
                  >
                    {m.subject ? <strong>{m.subject}: </strong> : null}
                    {m.body}
                  </Typography.Paragraph>
                ),
              },
              { key: 'attempts', title: 'Attempts', dataIndex: 'attempts', width: 90, responsive: WIDE },
              {
                key: 'sent',
                title: 'Sent',
                width: 160,
                render: (_, m) => formatDateTime(m.sentAt),
                responsive: WIDE,
              },
              { key: 'error', title: 'Error', render: (_, m) => m.error ?? '', responsive: WIDE },
              { key: 'record', title: 'Record', render: (_, m) => <RecordLink m={m} /> },
            ]}
          />
        </div>
      )}
    </ScreenFrame>
  );
}
