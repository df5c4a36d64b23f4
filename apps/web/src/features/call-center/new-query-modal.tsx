import type { CallQuery, CallQueryCriteria } from '@glass/domain/contracts';
import { Checkbox, Form, Input, InputNumber, Modal, Select, Space } from 'antd';
import { useState } from 'react';
import { showError } from '../../api/notices';
import { useSessionState } from '../../api/use-session';
import { callCenterApi } from './call-center-api';
import './call-center.css';

const SOURCES = [
  [1, 'Car wash'],
  [2, 'Customer waiting'],
  [3, 'Customer drop-off'],
  [4, 'In-house'],
  [5, 'Call-in'],
  [6, 'DMS import'],
  [7, 'Express'],
] as const;

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
export function NewQueryModal({
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
