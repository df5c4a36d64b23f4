import { formatDateTime } from '@glass/domain/rules/date-format';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type Breakpoint, Empty, Select, Space, Table, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { http, type ODataPage } from '../../api/http';
import { toastError } from '../../api/notices';
import { useDocumentTitle } from '../../shell/document-title';
import { ListSkeleton } from '../../shell/list-skeleton';

export const OUTBOX_TITLE = 'Outbox';
export const FAILED_TO_GET_OUTBOX = 'Failed to get Outbox';
const PAGE_SIZE = 25;
/** Columns left out on phones (375 px): the table keeps when, to whom, what and its status. */
const WIDE: Breakpoint[] = ['md'];

type Channel = 'sms' | 'email';
type Status = 'pending' | 'sending' | 'sent' | 'failed';

export interface OutboxMessage {
  id: number;
  channel: Channel;
  toAddress: string;
  subject: string | null;
  body: string;
  status: Status;
  attempts: number;
  createdAt: string;
  sentAt: string | null;
  error: string | null;
  recordType: string | null;
  recordId: number | null;
}

const CHANNELS: { value: Channel; label: string }[] = [
  { value: 'sms', label: 'Text (SMS)' },
  { value: 'email', label: 'E-mail' },
];
// Dark text on a light tint: antd's preset tag colours are too faint for WCAG AA contrast.
const STATUSES: { value: Status; label: string; color: string; background: string }[] = [
  { value: 'pending', label: 'Pending', color: '#613400', background: '#fffbe6' },
  { value: 'sending', label: 'Sending', color: '#002c8c', background: '#e6f4ff' },
  { value: 'sent', label: 'Sent', color: '#135200', background: '#f6ffed' },
  { value: 'failed', label: 'Failed', color: '#820014', background: '#fff1f0' },
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
  const query = useQuery({
    queryKey: ['notifyOutbox', channel, status, page],
    placeholderData: keepPreviousData,
    queryFn: () =>
      http.get<ODataPage<OutboxMessage>>('notify/outbox', {
        query: { channel, status, $top: PAGE_SIZE, $skip: (page - 1) * PAGE_SIZE },
      }),
  });
  useEffect(() => {
    if (query.isError) toastError(FAILED_TO_GET_OUTBOX);
  }, [query.isError]);

  return (
    // min-width 0 and the wrapper's overflow keep a wide table scrolling inside itself at 375 px.
    <section aria-labelledby="screen-title" style={{ minWidth: 0 }}>
      <h1 id="screen-title" style={{ fontSize: 22, marginTop: 0 }}>
        {OUTBOX_TITLE}
      </h1>
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
        <div style={{ maxWidth: '100%', overflowX: 'auto' }}>
          <Table<OutboxMessage>
            aria-label="Outbox messages"
            rowKey="id"
            size="small"
            scroll={{ x: 'max-content' }}
            dataSource={query.data?.value ?? []}
            loading={query.isFetching}
            locale={{ emptyText: <Empty description="No messages found" /> }}
            pagination={{
              current: page,
              pageSize: PAGE_SIZE,
              total: query.data?.['@odata.count'] ?? 0,
              showSizeChanger: false,
              onChange: setPage,
            }}
            columns={[
              { key: 'created', title: 'Created', render: (_, m) => formatDateTime(m.createdAt) },
              {
                key: 'status',
                title: 'Status',
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
                responsive: WIDE,
                render: (_, m) => CHANNELS.find((c) => c.value === m.channel)?.label ?? m.channel,
              },
              { key: 'to', title: 'To', dataIndex: 'toAddress' },
              {
                key: 'message',
                title: 'Message',
                render: (_, m) => (
                  <Typography.Paragraph
                    style={{ maxWidth: 360, marginBottom: 0 }}
                    ellipsis={{ rows: 2, expandable: true, symbol: 'more' }}
                  >
                    {m.subject ? <strong>{m.subject}: </strong> : null}
                    {m.body}
                  </Typography.Paragraph>
                ),
              },
              { key: 'attempts', title: 'Attempts', dataIndex: 'attempts', responsive: WIDE },
              { key: 'sent', title: 'Sent', render: (_, m) => formatDateTime(m.sentAt), responsive: WIDE },
              { key: 'error', title: 'Error', render: (_, m) => m.error ?? '', responsive: WIDE },
              { key: 'record', title: 'Record', render: (_, m) => <RecordLink m={m} /> },
            ]}
          />
        </div>
      )}
    </section>
  );
}
