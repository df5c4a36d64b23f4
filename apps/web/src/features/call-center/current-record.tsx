import { PhoneOutlined } from '@ant-design/icons';
import { CALL_RESULT_NAMES, type CallListRecord, type CallResultName } from '@glass/domain/contracts';
import { formatDateTime } from '@glass/domain/rules/date-format';
import { Button, Checkbox, Descriptions, Form, type FormInstance, Input, Select, Space } from 'antd';
import { useSessionState } from '../../api/use-session';
import { AppLink } from '../../ui/app-link';
import { DateTimeField } from '../../ui/date-fields';
import './call-center.css';

const RESULT_LABELS: Record<CallResultName, string> = {
  answered: 'Answered',
  missed: 'No answer',
  voicemail: 'Left voicemail',
  busy: 'Busy',
};

export interface OutcomeForm {
  result: CallResultName;
  dispositionId?: number;
  notes?: string;
  followUpDate?: string | null;
  okToCall?: boolean;
}

/** The record being called on Call Manager: its facts, the call buttons, Skip, and the outcome form. */
export function CurrentRecord({
  record,
  remaining,
  busy,
  form,
  onCall,
  onSkip,
  onSave,
}: {
  record: CallListRecord;
  remaining: number | undefined;
  busy: boolean;
  form: FormInstance<OutcomeForm>;
  onCall: (phone: string) => void;
  onSkip: () => void;
  onSave: (values: OutcomeForm) => void;
}) {
  const { dispositionReasons } = useSessionState();
  return (
    <section aria-label="Current record">
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2 }}
        title={
          <span data-testid="current-record">
            SV{' '}
            <AppLink className="call-current-link" to={`/service-vehicles/${record.serviceVehicleId}`}>
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
            <Button key={p} icon={<PhoneOutlined />} onClick={() => onCall(p)} aria-label={`Call ${p}`}>
              Call {p}
            </Button>
          ))}
        <Button onClick={onSkip} disabled={busy}>
          Skip
        </Button>
      </Space>
      <Form<OutcomeForm>
        key={record.serviceVehicleId}
        form={form}
        layout="vertical"
        initialValues={{ result: 'answered', okToCall: record.okToCall }}
        onFinish={onSave}
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
  );
}
