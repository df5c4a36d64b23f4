// Over 300 lines: the schedule form is one form (address, phones, loaner, time) whose fields depend on each other.
import type { AppointmentSchedule, ScheduleSaveBody } from '@glass/domain/contracts';
import { FAILED_TO_GET_INSTALLERS, NO_APPOINTMENTS_FOR_DAY } from '@glass/domain/messages/appointments';
import { US_STATES } from '@glass/domain/us-states';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Checkbox, Form, Input, InputNumber, List, Select, Space, Switch, Tag } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import './appointments.css';
import { ApiError } from '../../api/http';
import { withProgress } from '../../api/notices';
import { useFailureToast } from '../../query/use-failure-toast';
import { useDocumentTitle } from '../../shell/document-title';
import { DateTimeField } from '../../ui/date-fields';
import { LoadState, ScreenFrame } from '../../ui/screen-frame';
import { STATUS_TAG, timeLabel } from './appointment-colors';
import { appointmentsApi, useActiveInstallers, useCustomerWaitingOptions } from './appointments-api';
import { ScheduleMap } from './schedule-map';
import { appointmentKeys } from '../../query/query-keys';

type FormValues = Omit<ScheduleSaveBody, 'scheduleInvoiceId'>;
const WALL = 'YYYY-MM-DDTHH:mm';

function fromSchedule(s: AppointmentSchedule): Partial<FormValues> {
  return {
    partTypeId: s.partTypeId,
    installerId: s.installerId ?? undefined,
    appointmentDateTime: s.current?.localDateTime ?? '',
    serviceAddress: s.serviceAddress,
    city: s.city,
    state: s.state,
    zip: s.zip,
    phone1: s.phone1,
    phone1AllowText: s.phone1AllowText,
    phone2: s.phone2,
    phone2AllowText: s.phone2AllowText,
    email: s.email,
    allowEmail: s.allowEmail,
    serviceAppointment: s.serviceAppointment,
    timeAllowed: s.timeAllowed,
    loanerCarId: s.loanerCarId,
    expectedReturnTime: s.localExpectedReturnTime,
    customerIsWaiting: s.customerIsWaiting,
    customerWaitingOptionId: s.customerWaitingOptionId,
    instructions: s.instructions,
    scheduleInstructions: s.scheduleInstructions,
    latitude: s.latitude,
    longitude: s.longitude,
  };
}

/** /schedule-appointment?invoiceId=: the "Appointment schedule save" form with the installer's day beside it. */
export function SchedulePage() {
  useDocumentTitle('Schedule Appointment');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const invoiceId = Number(params.get('invoiceId')) || null;
  const wantedPart = Number(params.get('partTypeId')) || null;
  const [form] = Form.useForm<FormValues>();
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState(false);
  const [result, setResult] = useState<string | null>(null);

  const related = useQuery({
    queryKey: appointmentKeys.dayRelated(invoiceId ?? 0),
    queryFn: () => appointmentsApi.dayRelated(invoiceId as number),
    enabled: invoiceId !== null,
  });
  const installers = useActiveInstallers();
  useFailureToast(installers.isError, FAILED_TO_GET_INSTALLERS);
  const waiting = useCustomerWaitingOptions();

  // Prefill once the invoice is known: its schedule for the part type, or the invoice's defaults.
  const data = related.data;
  useEffect(() => {
    if (!data) return;
    const existing =
      data.schedules.find((s) => s.partTypeId === wantedPart) ?? (wantedPart ? undefined : data.schedules[0]);
    form.resetFields();
    form.setFieldsValue(
      existing
        ? fromSchedule(existing)
        : {
            partTypeId: wantedPart ?? data.partTypes.find((p) => p.isReplacement === data.isReplacement)?.id,
            timeAllowed: data.isReplacement ? 120 : 60,
            serviceAppointment: Boolean(data.defaults.serviceAddress),
            phone1AllowText: false,
            phone2AllowText: false,
            allowEmail: false,
            customerIsWaiting: false,
            ...data.defaults,
            state: US_STATES.some((s) => s.code === data.defaults.state) ? data.defaults.state : undefined,
          },
    );
  }, [data, wantedPart, form]);

  const installerId = Form.useWatch('installerId', form);
  const when = Form.useWatch('appointmentDateTime', form) as string | undefined;
  const latitude = Form.useWatch('latitude', form);
  const longitude = Form.useWatch('longitude', form);
  const loanerCarId = Form.useWatch('loanerCarId', form);
  const customerIsWaiting = Form.useWatch('customerIsWaiting', form);
  const day = when ? when.slice(0, 10) : undefined;
  const dayList = useQuery({
    queryKey: appointmentKeys.list({ invoiceId, day, installerId }),
    queryFn: () =>
      appointmentsApi.list({ invoiceId: invoiceId ?? undefined, startDate: day, employeeId: installerId }),
    enabled: invoiceId !== null && !!installerId && !!day,
  });

  const installerOptions = useMemo(
    () =>
      (installers.data ?? []).map((i) => ({
        value: i.id,
        label: `${i.firstName} ${i.lastName}${i.facility ? ` (${i.facility.shortName})` : ''}`,
      })),
    [installers.data],
  );

  const submit = async (values: FormValues) => {
    if (!invoiceId) return;
    setSaving(true);
    setResult(null);
    try {
      const saved = await withProgress(
        appointmentsApi.save({ ...values, scheduleInvoiceId: invoiceId }),
        'Appointment saved',
      );
      setResult(
        saved.action === 'updated'
          ? 'Appointment updated.'
          : `Appointment ${saved.action === 'moved' ? 'moved' : 'booked'} for ${saved.schedule.current?.localDateTime.replace('T', ' ')}.`,
      );
      await queryClient.invalidateQueries({ queryKey: appointmentKeys.all });
    } catch (e) {
      if (e instanceof ApiError && e.errors)
        form.setFields(
          Object.entries(e.errors).map(([k, errors]) => ({
            name: k.replace(/^body\./, '') as keyof FormValues,
            errors,
          })),
        );
    } finally {
      setSaving(false);
    }
  };

  if (!invoiceId)
    return (
      <ScreenFrame title="Schedule Appointment">
        <p>Open the schedule from an invoice, or enter its number.</p>
        <Input.Search
          aria-label="Invoice number"
          placeholder="Invoice #"
          inputMode="numeric"
          enterButton="Open"
          style={{ maxWidth: 280 }}
          onSearch={(v) => {
            const n = Number(v.trim());
            if (Number.isInteger(n) && n > 0) navigate(`/schedule-appointment?invoiceId=${n}`);
          }}
        />
      </ScreenFrame>
    );

  return (
    <ScreenFrame
      title={`Schedule Appointment: invoice ${invoiceId}`}
      actions={
        <Space wrap>
          <Link to={`/invoices/${invoiceId}`}>Open invoice</Link>
          <Link to="/appointments">Calendar</Link>
        </Space>
      }
    >
      <LoadState
        loading={related.isLoading}
        failed={related.isError}
        failure={
          related.error instanceof ApiError && related.error.status === 404
            ? `Invoice ${invoiceId} not found`
            : 'Failed to get the invoice'
        }
        label="Loading the invoice"
      >
        {data ? (
          <p style={{ marginTop: 0 }}>
            {[data.customerName, data.vehicle, data.facilityName].filter(Boolean).join(' · ')} (times on the{' '}
            {data.facilityName} clock, {data.timeZone})
          </p>
        ) : null}
        {result ? (
          <Alert type="success" showIcon title={result} role="status" style={{ marginBottom: 12 }} />
        ) : null}
        <div className="appt-schedule">
          <Form<FormValues>
            form={form}
            layout="vertical"
            onFinish={submit}
            aria-label="Appointment schedule"
            requiredMark
          >
            <Space wrap align="start" size={12}>
              <Form.Item
                name="partTypeId"
                label="Part type"
                rules={[{ required: true, message: 'Choose the part type' }]}
              >
                <Select
                  style={{ minWidth: 200 }}
                  options={(data?.partTypes ?? []).map((p) => ({ value: p.id, label: p.name }))}
                />
              </Form.Item>
              <Form.Item
                name="installerId"
                label="Installer"
                rules={[{ required: true, message: 'Choose the installer' }]}
              >
                <Select
                  style={{ minWidth: 240 }}
                  showSearch={{ optionFilterProp: 'label' }}
                  options={installerOptions}
                />
              </Form.Item>
              <Form.Item
                name="appointmentDateTime"
                label="Date and time"
                rules={[{ required: true, message: 'Choose the date and time' }]}
              >
                <DateTimeField valueFormat={WALL} allowClear={false} />
              </Form.Item>
              <Form.Item
                name="timeAllowed"
                label="Time allowed (minutes)"
                rules={[{ required: true, message: 'Enter the time allowed' }]}
              >
                <InputNumber min={5} max={720} step={15} />
              </Form.Item>
            </Space>
            <Form.Item
              name="serviceAppointment"
              label="Service appointment (at the customer's address)"
              valuePropName="checked"
            >
              <Switch />
            </Form.Item>
            <Form.Item name="serviceAddress" label="Service address">
              <Input autoComplete="street-address" />
            </Form.Item>
            <Space wrap align="start" size={12}>
              <Form.Item name="city" label="City">
                <Input autoComplete="address-level2" />
              </Form.Item>
              <Form.Item name="state" label="State">
                <Select
                  allowClear
                  showSearch={{ optionFilterProp: 'label' }}
                  style={{ minWidth: 180 }}
                  options={US_STATES.map((s) => ({ value: s.code, label: s.name }))}
                />
              </Form.Item>
              <Form.Item name="zip" label="Zip">
                <Input inputMode="numeric" autoComplete="postal-code" style={{ width: 120 }} />
              </Form.Item>
            </Space>
            <Space wrap align="end" size={12}>
              <Form.Item name="phone1" label="Phone 1">
                <Input inputMode="tel" autoComplete="tel" />
              </Form.Item>
              <Form.Item name="phone1AllowText" valuePropName="checked">
                <Checkbox>Allow text</Checkbox>
              </Form.Item>
              <Form.Item name="phone2" label="Phone 2">
                <Input inputMode="tel" />
              </Form.Item>
              <Form.Item name="phone2AllowText" valuePropName="checked">
                <Checkbox>Allow text</Checkbox>
              </Form.Item>
            </Space>
            <Space wrap align="end" size={12}>
              <Form.Item name="email" label="E-mail">
                <Input type="email" autoComplete="email" />
              </Form.Item>
              <Form.Item name="allowEmail" valuePropName="checked">
                <Checkbox>Allow e-mail</Checkbox>
              </Form.Item>
            </Space>
            <Space wrap align="start" size={12}>
              <Form.Item name="loanerCarId" label="Loaner car">
                <Select
                  allowClear
                  style={{ minWidth: 220 }}
                  placeholder="None"
                  options={(data?.loanerCars ?? []).map((c) => ({
                    value: c.id,
                    label: `${c.name} (${c.loanerCarTypeName})`,
                  }))}
                />
              </Form.Item>
              {loanerCarId ? (
                <Form.Item
                  name="expectedReturnTime"
                  label="Expected return"
                  rules={[{ required: true, message: 'A loaner car needs the expected return time' }]}
                >
                  <DateTimeField valueFormat={WALL} />
                </Form.Item>
              ) : null}
            </Space>
            <Space wrap align="start" size={12}>
              <Form.Item name="customerIsWaiting" label="Customer waiting" valuePropName="checked">
                <Switch />
              </Form.Item>
              {customerIsWaiting ? (
                <Form.Item name="customerWaitingOptionId" label="How the customer waits">
                  <Select
                    allowClear
                    style={{ minWidth: 200 }}
                    options={(waiting.data ?? []).map((o) => ({ value: o.id, label: o.name }))}
                  />
                </Form.Item>
              ) : null}
            </Space>
            <Form.Item name="instructions" label="Instructions">
              <Input.TextArea rows={2} maxLength={2000} />
            </Form.Item>
            <Form.Item name="scheduleInstructions" label="Schedule instructions">
              <Input.TextArea rows={2} maxLength={2000} />
            </Form.Item>
            <ScheduleMap
              latitude={latitude}
              longitude={longitude}
              onPick={(lat, lng) => form.setFieldsValue({ latitude: lat, longitude: lng })}
            />
            <Space wrap size={12} style={{ marginTop: 8 }}>
              <Form.Item name="latitude" label="Latitude">
                <InputNumber min={-90} max={90} step={0.0001} style={{ width: 150 }} />
              </Form.Item>
              <Form.Item name="longitude" label="Longitude">
                <InputNumber min={-180} max={180} step={0.0001} style={{ width: 150 }} />
              </Form.Item>
            </Space>
            <Button type="primary" htmlType="submit" loading={saving}>
              Save appointment
            </Button>
          </Form>
          <aside aria-labelledby="installer-day">
            <h2 id="installer-day" style={{ fontSize: 17 }}>
              Installer's day{day ? ` ${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}` : ''}
            </h2>
            {!installerId || !day ? (
              <p>Choose the installer and the date to see their day.</p>
            ) : (
              <List
                loading={dayList.isLoading}
                dataSource={dayList.data?.dayAppointments ?? []}
                locale={{ emptyText: NO_APPOINTMENTS_FOR_DAY }}
                renderItem={(a) => (
                  <List.Item>
                    <Space direction="vertical" size={0}>
                      <strong>
                        {timeLabel(a.localDateTime)} – {a.timeAllowed} min
                        {a.invoiceId === invoiceId ? ' (this invoice)' : ''}
                      </strong>
                      <span>
                        #{a.invoiceId} {a.customerName ?? ''} · {a.partTypeName}
                      </span>
                      <span>
                        {a.serviceAppointment
                          ? [a.serviceAddress, a.city].filter(Boolean).join(', ')
                          : 'In shop'}
                      </span>
                      <Tag color={STATUS_TAG[a.statusId]}>{a.statusName}</Tag>
                    </Space>
                  </List.Item>
                )}
              />
            )}
          </aside>
        </div>
      </LoadState>
    </ScreenFrame>
  );
}
