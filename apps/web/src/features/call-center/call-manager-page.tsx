import { DeleteOutlined, PhoneOutlined, PlusOutlined } from '@ant-design/icons';
import {
  CALL_RESULT_NAMES,
  type CallListRecord,
  type CallQuery,
  type CallQueryCriteria,
  type CallResultName,
} from '@glass/domain/contracts';
import { FAILED_TO_GET_CALL_QUERIES } from '@glass/domain/messages/phone';
import { formatDateTime } from '@glass/domain/rules/date-format';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Card,
  Checkbox,
  Descriptions,
  Form,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Select,
  Space,
  Table,
  type TableColumnsType,
  Tag,
} from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { showError, toastSuccess } from '../../api/notices';
import { useSessionState } from '../../api/use-session';
import { useFailureToast } from '../../query/use-failure-toast';
import { useDocumentTitle } from '../../shell/document-title';
import { AppLink } from '../../ui/app-link';
import { DateTimeField } from '../../ui/date-fields';
import { EmptyState } from '../../ui/empty-state';
import { ScreenFrame } from '../../ui/screen-frame';
import { makePhoneCall } from '../phone-bridge';
import { callCenterApi } from './call-center-api';
import './call-center.css';
import { callCenterKeys } from '../../query/query-keys';

const MY = 'my';
const RESULT_LABELS: Record<CallResultName, string> = {
  answered: 'Answered',
  missed: 'No answer',
  voicemail: 'Left voicemail',
  busy: 'Busy',
};
const SOURCES = [
  [1, 'Car wash'],
  [2, 'Customer waiting'],
  [3, 'Customer drop-off'],
  [4, 'In-house'],
  [5, 'Call-in'],
  [6, 'DMS import'],
  [7, 'Express'],
] as const;

interface OutcomeForm {
  result: CallResultName;
  dispositionId?: number;
  notes?: string;
  followUpDate?: string | null;
  okToCall?: boolean;
}

/** /call-manager: call queries (shared and the user's own) and working a call list, one record at a time. */
export function CallManagerPage() {
  useDocumentTitle('Call Manager');
  const queryClient = useQueryClient();
  const { dispositionReasons, user } = useSessionState();
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
            <section aria-label="Current record">
              <Descriptions
                size="small"
                column={{ xs: 1, sm: 2 }}
                title={
                  <span data-testid="current-record">
                    SV{' '}
                    <AppLink
                      className="call-current-link"
                      to={`/service-vehicles/${record.serviceVehicleId}`}
                    >
                      {record.serviceVehicleId}
                    </AppLink>{' '}
                    — {record.customer?.name || 'No customer'}
                  </span>
                }
                items={[
                  { key: 'p', label: 'Priority', children: record.priority },
                  { key: 'v', label: 'Vehicle', children: record.vehicle || '—' },
                  { key: 'f', label: 'Facility', children: record.facility.shortName },
                  {
                    key: 'fu',
                    label: 'Follow-up',
                    children: record.followUpDate ? formatDateTime(record.followUpDate) : '—',
                  },
                  {
                    key: 'd',
                    label: 'Last disposition',
                    children: record.lastDisposition?.name ?? '—',
                  },
                  { key: 'r', label: 'Left in list', children: remaining ?? '—' },
                ]}
              />
              <Space wrap style={{ margin: '12px 0' }}>
                {[record.customer?.primaryPhone, record.customer?.secondaryPhone]
                  .filter((p): p is string => !!p)
                  .map((p) => (
                    <Button
                      key={p}
                      icon={<PhoneOutlined />}
                      onClick={() => void call(p)}
                      aria-label={`Call ${p}`}
                    >
                      Call {p}
                    </Button>
                  ))}
                <Button onClick={() => void skip()} disabled={busy}>
                  Skip
                </Button>
              </Space>
              <Form<OutcomeForm>
                key={record.serviceVehicleId}
                form={form}
                layout="vertical"
                initialValues={{ result: 'answered', okToCall: record.okToCall }}
                onFinish={(v) => void save(v)}
              >
                <Form.Item label="Result" name="result">
                  <Select options={CALL_RESULT_NAMES.map((r) => ({ value: r, label: RESULT_LABELS[r] }))} />
                </Form.Item>
                <Form.Item
                  label="Disposition"
                  name="dispositionId"
                  rules={[{ required: true, message: 'Choose a disposition' }]}
                >
                  <Select
                    showSearch={{ optionFilterProp: 'label' }}
                    options={dispositionReasons.map((d) => ({ value: d.id, label: d.name }))}
                  />
                </Form.Item>
                <Form.Item label="Notes" name="notes">
                  <Input.TextArea rows={3} maxLength={2000} />
                </Form.Item>
                <Form.Item label="Follow-up date" name="followUpDate">
                  <DateTimeField aria-label="Follow-up date" />
                </Form.Item>
                <Form.Item name="okToCall" valuePropName="checked">
                  <Checkbox>OK to call</Checkbox>
                </Form.Item>
                <Button type="primary" htmlType="submit" loading={busy}>
                  Save outcome and next
                </Button>
              </Form>
            </section>
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

interface QueryForm {
  name: string;
  facilityIds?: number[];
  priorities?: number[];
  kind?: 'any' | 'repair' | 'replacement';
  sourceIds?: number[];
  followUp?: 'any' | 'due' | 'overdue';
  noContactYet?: boolean;
  minAgeDays?: number | null;
  maxAgeDays?: number | null;
}

/** A query of the user's own: a name and the filter over service vehicles. */
function NewQueryModal({
  open,
  categoryId,
  onClose,
  onSaved,
}: {
  open: boolean;
  categoryId?: number;
  onClose: () => void;
  onSaved: (q: CallQuery) => void;
}) {
  const { facilities } = useSessionState();
  const [form] = Form.useForm<QueryForm>();
  const [saving, setSaving] = useState(false);
  const submit = async (v: QueryForm) => {
    const criteria: CallQueryCriteria = {};
    if (v.facilityIds?.length) criteria.facilityIds = v.facilityIds;
    if (v.priorities?.length) criteria.priorities = v.priorities;
    if (v.kind && v.kind !== 'any') criteria.kind = v.kind;
    if (v.sourceIds?.length) criteria.sourceIds = v.sourceIds;
    if (v.followUp && v.followUp !== 'any') criteria.followUp = v.followUp;
    if (v.noContactYet) criteria.noContactYet = true;
    if (v.minAgeDays != null) criteria.minAgeDays = v.minAgeDays;
    if (v.maxAgeDays != null) criteria.maxAgeDays = v.maxAgeDays;
    setSaving(true);
    try {
      const q = await callCenterApi.saveMine({ name: v.name.trim(), categoryId, criteria });
      form.resetFields();
      onSaved(q);
    } catch (error) {
      showError(error);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      title="New call query"
      open={open}
      onCancel={onClose}
      okText="Save query"
      confirmLoading={saving}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Form<QueryForm> form={form} layout="vertical" onFinish={(v) => void submit(v)}>
        <Form.Item
          label="Name"
          name="name"
          rules={[{ required: true, whitespace: true, message: 'Give the query a name' }]}
        >
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item label="Facilities" name="facilityIds">
          <Select
            mode="multiple"
            allowClear
            options={facilities.map((f) => ({ value: f.id, label: f.shortName ?? f.name }))}
          />
        </Form.Item>
        <Form.Item label="Priorities" name="priorities">
          <Select
            mode="multiple"
            allowClear
            options={[1, 2, 3, 4, 5, 6].map((p) => ({ value: p, label: String(p) }))}
          />
        </Form.Item>
        <Form.Item label="Repair or replacement" name="kind" initialValue="any">
          <Select
            options={[
              { value: 'any', label: 'Both' },
              { value: 'repair', label: 'Repairs' },
              { value: 'replacement', label: 'Replacements' },
            ]}
          />
        </Form.Item>
        <Form.Item label="Sources" name="sourceIds">
          <Select mode="multiple" allowClear options={SOURCES.map(([value, label]) => ({ value, label }))} />
        </Form.Item>
        <Form.Item label="Follow-up" name="followUp" initialValue="any">
          <Select
            options={[
              { value: 'any', label: 'Any' },
              { value: 'due', label: 'Due by today' },
              { value: 'overdue', label: 'Overdue' },
            ]}
          />
        </Form.Item>
        <Form.Item name="noContactYet" valuePropName="checked">
          <Checkbox>No contact yet</Checkbox>
        </Form.Item>
        <Space wrap>
          <Form.Item label="At least days old" name="minAgeDays">
            <InputNumber min={0} max={3650} />
          </Form.Item>
          <Form.Item label="At most days old" name="maxAgeDays">
            <InputNumber min={0} max={3650} />
          </Form.Item>
        </Space>
      </Form>
    </Modal>
  );
}
