import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { CallListRecord, CallQuery } from '@glass/domain/contracts';
import { FAILED_TO_GET_CALL_QUERIES } from '@glass/domain/messages/phone';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Popconfirm, Select, Space, Table, type TableColumnsType, Tag } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { showError, toastSuccess } from '../../api/notices';
import { useSessionState } from '../../api/use-session';
import { useFailureToast } from '../../query/use-failure-toast';
import { useDocumentTitle } from '../../shell/document-title';
import { AppLink } from '../../ui/app-link';
import { EmptyState } from '../../ui/empty-state';
import { ScreenFrame } from '../../ui/screen-frame';
import { makePhoneCall } from '../phone-bridge';
import { callCenterApi } from './call-center-api';
import './call-center.css';
import { callCenterKeys } from '../../query/query-keys';
import { CurrentRecord, type OutcomeForm } from './current-record';
import { NewQueryModal } from './new-query-modal';

const MY = 'my';

/** /call-manager: call queries (shared and the user's own) and working a call list, one record at a time. */
export function CallManagerPage() {
  useDocumentTitle('Call Manager');
  const queryClient = useQueryClient();
  const { user } = useSessionState();
  const categories = useQuery({ queryKey: callCenterKeys.categories, queryFn: callCenterApi.categories });
  const [category, setCategory] = useState<string>();
  const current = category ?? categories.data?.[0]?.name;
  const queries = useQuery({
    queryKey: callCenterKeys.queries(current ?? ''),
    queryFn: () => callCenterApi.queries(current as string),
    enabled: !!current,
  });
  useFailureToast(categories.isError || queries.isError, FAILED_TO_GET_CALL_QUERIES);
  const [queryId, setQueryId] = useState<number>();
  const query = queries.data?.find((q) => q.id === queryId) ?? queries.data?.[0];
  const list = useQuery({
    queryKey: callCenterKeys.list(query?.id ?? 0),
    queryFn: () => callCenterApi.list(query?.id as number),
    enabled: !!query,
  });

  const [record, setRecord] = useState<CallListRecord | null>();
  const [remaining, setRemaining] = useState<number>();
  const [skipped, setSkipped] = useState<number[]>([]);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<OutcomeForm>();
  const [creating, setCreating] = useState(false);

  // A new list starts afresh.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the query changes
  useEffect(() => {
    setRecord(undefined);
    setSkipped([]);
  }, [query?.id]);

  const refreshList = () => queryClient.invalidateQueries({ queryKey: callCenterKeys.list(query?.id ?? 0) });

  const next = async (exclude = skipped) => {
    if (!query) return;
    setBusy(true);
    try {
      const answer = await callCenterApi.next(query.id, exclude);
      setRecord(answer.record);
      setRemaining(answer.remaining);
      void refreshList();
    } catch (error) {
      showError(error);
    } finally {
      setBusy(false);
    }
  };

  const skip = async () => {
    if (!record) return;
    const ids = [...skipped, record.serviceVehicleId];
    setSkipped(ids);
    try {
      await callCenterApi.release(record.serviceVehicleId);
    } catch (error) {
      showError(error);
    }
    await next(ids);
  };

  const phone = record?.customer?.primaryPhone ?? record?.customer?.secondaryPhone ?? null;
  const [calledAt, setCalledAt] = useState<string>();
  const call = async (number: string) => {
    setCalledAt(new Date().toISOString());
    try {
      await makePhoneCall({
        DestinationPhoneNumber: number,
        UseFacilityId: false,
        PhoneFacilityId: user?.facility?.id ?? null,
      });
    } catch (error) {
      showError(error, 'Failed to place the call');
    }
  };

  const save = async (values: OutcomeForm) => {
    if (!record || !values.dispositionId) return;
    setBusy(true);
    try {
      await callCenterApi.outcome(record.serviceVehicleId, {
        dispositionId: values.dispositionId,
        result: values.result,
        notes: values.notes?.trim() || undefined,
        followUpDate: values.followUpDate || undefined,
        okToCall: values.okToCall,
        phone: phone ?? undefined,
        calledAt,
        callQueryId: query?.id,
      });
      toastSuccess('Outcome recorded');
      setCalledAt(undefined);
      await next();
    } catch (error) {
      showError(error);
      setBusy(false);
    }
  };

  const remove = async (q: CallQuery) => {
    try {
      await callCenterApi.deleteMine(q.id);
      setQueryId(undefined);
      await queryClient.invalidateQueries({ queryKey: callCenterKeys.all });
    } catch (error) {
      showError(error);
    }
  };

  const columns: TableColumnsType<CallListRecord> = [
    {
      title: 'Priority',
      key: 'priority',
      render: (_, r) => (
        <Tag
          color={r.priorityColor === 'red' ? 'error' : r.priorityColor === 'green' ? 'success' : 'default'}
        >
          {r.priority}
        </Tag>
      ),
    },
    {
      title: 'SV',
      key: 'id',
      render: (_, r) => (
        <AppLink to={`/service-vehicles/${r.serviceVehicleId}`}>{r.serviceVehicleId}</AppLink>
      ),
    },
    { title: 'Customer', key: 'customer', render: (_, r) => r.customer?.name || '—' },
    { title: 'Vehicle', dataIndex: 'vehicle', key: 'vehicle' },
    { title: 'Facility', key: 'facility', render: (_, r) => r.facility.shortName },
    { title: 'Locked by', key: 'lock', render: (_, r) => r.lockedBy ?? '' },
  ];

  const categoryOptions = useMemo(
    () => [
      ...(categories.data ?? []).map((c) => ({ value: c.name, label: `${c.name} (${c.queryCount})` })),
      { value: MY, label: 'My queries' },
    ],
    [categories.data],
  );

  return (
    <ScreenFrame
      title="Call Manager"
      style={{ minWidth: 0 }}
      actions={
        <Button icon={<PlusOutlined />} onClick={() => setCreating(true)}>
          New query
        </Button>
      }
    >
      <div className="call-manager">
        <Card size="small" title="Call queries">
          <Space wrap style={{ marginBottom: 12 }}>
            <Select<string>
              aria-label="Category"
              style={{ minWidth: 200 }}
              value={current}
              loading={categories.isPending}
              onChange={(v) => {
                setCategory(v);
                setQueryId(undefined);
              }}
              options={categoryOptions}
            />
            <Select<number>
              aria-label="Query"
              style={{ minWidth: 200 }}
              value={query?.id}
              loading={queries.isFetching}
              onChange={setQueryId}
              notFoundContent="No queries"
              options={(queries.data ?? []).map((q) => ({
                value: q.id,
                label: q.mine ? `${q.name} (mine)` : q.name,
              }))}
            />
            {query?.mine && (
              <Popconfirm title={`Delete the query ${query.name}?`} onConfirm={() => void remove(query)}>
                <Button danger icon={<DeleteOutlined />} aria-label={`Delete query ${query.name}`} />
              </Popconfirm>
            )}
          </Space>
          {(categories.isError || queries.isError) && <p role="alert">{FAILED_TO_GET_CALL_QUERIES}</p>}
          <p role="status" aria-live="polite" style={{ margin: '0 0 8px' }}>
            {list.data ? `${list.data.total} records in ${list.data.query.name}` : ''}
          </p>
          <Table<CallListRecord>
            size="small"
            rowKey="serviceVehicleId"
            pagination={{ pageSize: 10, hideOnSinglePage: true }}
            scroll={{ x: true }}
            loading={list.isFetching}
            columns={columns}
            dataSource={list.data?.records ?? []}
            locale={{ emptyText: <EmptyState compact>{'Nothing to call in this list'}</EmptyState> }}
          />
        </Card>

        <Card
          size="small"
          title="Working the list"
          extra={
            <Button type="primary" onClick={() => void next()} loading={busy} disabled={!query}>
              {record ? 'Next record' : 'Start calling'}
            </Button>
          }
        >
          {record === undefined && <p>Press Start calling to take the first record of the list.</p>}
          {record === null && <p role="status">Nothing left to call in this list.</p>}
          {record && (
            <CurrentRecord
              record={record}
              remaining={remaining}
              busy={busy}
              form={form}
              onCall={(p) => void call(p)}
              onSkip={() => void skip()}
              onSave={(v) => void save(v)}
            />
          )}
        </Card>
      </div>
      <NewQueryModal
        open={creating}
        categoryId={categories.data?.find((c) => c.name === current)?.id}
        onClose={() => setCreating(false)}
        onSaved={async (q) => {
          setCreating(false);
          setCategory(MY);
          setQueryId(q.id);
          await queryClient.invalidateQueries({ queryKey: callCenterKeys.all });
        }}
      />
    </ScreenFrame>
  );
}
