import type { LoanerReservationRow, LoanerUsageBody } from '@glass/domain/contracts';
import { FAILED_TO_SAVE_LOANER_USAGE } from '@glass/domain/messages/loaners';
import { US_STATES } from '@glass/domain/us-states';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Drawer, Form, Input, InputNumber, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { ApiError } from '../../api/http';
import { toastSuccess } from '../../api/notices';
import type { SearchSource } from '../../query/use-search-select';
import { ServerSearchSelect } from '../../ui/server-search-select';
import { DateTimeField } from '../../ui/date-fields';
import { loanersApi } from './loaners-api';
import { loanerKeys } from '../../query/query-keys';

const FUEL = Array.from({ length: 9 }, (_, i) => ({
  value: i,
  label: i === 0 ? 'Empty' : i === 8 ? 'Full' : `${i}/8`,
}));
/** Searched on the server as the user types (a page of matches, not the whole list). */
const INSURERS: SearchSource = { path: 'InsuranceCompaniesOData' };
const CARS: SearchSource = { path: 'loanerCars', params: { isActive: true } };
const dollars = (cents: number | null) => (cents === null ? null : cents / 100);
const cents = (v: number | null | undefined) => (v === null || v === undefined ? null : Math.round(v * 100));

type Values = Omit<
  LoanerUsageBody,
  'bodilyInjuryLimitCents' | 'perAccidentLimitCents' | 'propertyDamageLimitCents'
> & {
  bodilyInjuryLimit?: number | null;
  perAccidentLimit?: number | null;
  propertyDamageLimit?: number | null;
};

/** Check-out, check-in, the customer's insurance and driver's licence of one reservation (spec 2 §3). */
export function UsageDrawer({ row, onClose }: { row: LoanerReservationRow; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [error, setError] = useState<string>();
  const save = useMutation({
    mutationFn: (v: Values) =>
      loanersApi.saveUsage(row.id, {
        loanerCarId: v.loanerCarId ?? null,
        checkOutAt: v.checkOutAt ?? null,
        checkOutMileage: v.checkOutMileage ?? null,
        checkOutFuel: v.checkOutFuel ?? null,
        checkInAt: v.checkInAt ?? null,
        checkInMileage: v.checkInMileage ?? null,
        checkInFuel: v.checkInFuel ?? null,
        expectedReturn: v.expectedReturn ?? null,
        policyNumber: v.policyNumber || null,
        bodilyInjuryLimitCents: cents(v.bodilyInjuryLimit),
        perAccidentLimitCents: cents(v.perAccidentLimit),
        propertyDamageLimitCents: cents(v.propertyDamageLimit),
        insuranceCompanyId: v.insuranceCompanyId ?? null,
        driverLicenseName: v.driverLicenseName || null,
        driverLicenseNumber: v.driverLicenseNumber || null,
        driverLicenseState: v.driverLicenseState || null,
      }),
    onSuccess: async () => {
      toastSuccess('Loaner usage saved');
      await queryClient.invalidateQueries({ queryKey: loanerKeys.all });
      onClose();
    },
    onError: (e: Error) => {
      if (e instanceof ApiError && e.errors) {
        form.setFields(
          Object.entries(e.errors).map(([name, errors]) => ({
            name: name.replace(/Cents$/, '') as never,
            errors,
          })),
        );
      }
      setError(
        e instanceof ApiError
          ? ((e.body as { detail?: string })?.detail ?? e.title)
          : FAILED_TO_SAVE_LOANER_USAGE,
      );
    },
  });
  const now = () => new Date().toISOString();

  return (
    <Drawer
      open
      size="large"
      title={`Loaner: invoice ${row.invoiceId}${row.customerName ? ` · ${row.customerName}` : ''}`}
      onClose={onClose}
      footer={
        <Space>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="primary" loading={save.isPending} onClick={() => form.submit()}>
            Save
          </Button>
        </Space>
      }
    >
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} />}
      <Form<Values>
        form={form}
        layout="vertical"
        onFinish={(v) => {
          setError(undefined);
          save.mutate(v);
        }}
        initialValues={{
          loanerCarId: row.loanerCarId,
          checkOutAt: row.checkOutAt,
          checkOutMileage: row.checkOutMileage,
          checkOutFuel: row.checkOutFuel,
          checkInAt: row.checkInAt,
          checkInMileage: row.checkInMileage,
          checkInFuel: row.checkInFuel,
          expectedReturn: row.expectedReturn,
          policyNumber: row.policyNumber,
          bodilyInjuryLimit: dollars(row.bodilyInjuryLimitCents),
          perAccidentLimit: dollars(row.perAccidentLimitCents),
          propertyDamageLimit: dollars(row.propertyDamageLimitCents),
          insuranceCompanyId: row.insuranceCompanyId,
          driverLicenseName: row.driverLicenseName,
          driverLicenseNumber: row.driverLicenseNumber,
          driverLicenseState: row.driverLicenseState,
        }}
      >
        <Form.Item label="Car" name="loanerCarId">
          <ServerSearchSelect source={CARS} aria-label="Car" />
        </Form.Item>
        <Form.Item label="Expected return" name="expectedReturn">
          <DateTimeField aria-label="Expected return" />
        </Form.Item>
        <UsageLeg leg="out" onNow={() => form.setFieldValue('checkOutAt', now())} />
        <UsageLeg leg="in" onNow={() => form.setFieldValue('checkInAt', now())} />
        <section>
          <Typography.Title level={5}>Customer's insurance</Typography.Title>
          <Form.Item label="Insurance company" name="insuranceCompanyId">
            <ServerSearchSelect source={INSURERS} aria-label="Insurance company" />
          </Form.Item>
          <Form.Item label="Policy" name="policyNumber">
            <Input maxLength={50} />
          </Form.Item>
          <Space wrap>
            <Form.Item label="Bodily injury limit" name="bodilyInjuryLimit">
              <InputNumber<number> min={0} precision={2} prefix="$" style={{ width: 160 }} />
            </Form.Item>
            <Form.Item label="Per accident limit" name="perAccidentLimit">
              <InputNumber<number> min={0} precision={2} prefix="$" style={{ width: 160 }} />
            </Form.Item>
            <Form.Item label="Property damage limit" name="propertyDamageLimit">
              <InputNumber<number> min={0} precision={2} prefix="$" style={{ width: 160 }} />
            </Form.Item>
          </Space>
        </section>
        <section>
          <Typography.Title level={5}>Driver's licence</Typography.Title>
          <Form.Item label="Name on licence" name="driverLicenseName">
            <Input maxLength={100} />
          </Form.Item>
          <Space wrap>
            <Form.Item label="Licence number" name="driverLicenseNumber">
              <Input maxLength={30} />
            </Form.Item>
            <Form.Item label="State" name="driverLicenseState">
              <Select
                aria-label="Licence state"
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                style={{ width: 160 }}
                options={US_STATES.map((s) => ({ value: s.code, label: `${s.code} ${s.name}` }))}
              />
            </Form.Item>
          </Space>
        </section>
      </Form>
    </Drawer>
  );
}

/** One leg of a usage, check-out or check-in: when (with Now), the mileage and the fuel. */
function UsageLeg({ leg, onNow }: { leg: 'out' | 'in'; onNow: () => void }) {
  const [title, when, name] =
    leg === 'out'
      ? (['Check-out', 'Checked out', 'checkOut'] as const)
      : (['Check-in', 'Checked in', 'checkIn'] as const);
  return (
    <section>
      <Typography.Title level={5}>{title}</Typography.Title>
      <Space wrap align="end">
        <Form.Item label={when} name={`${name}At`}>
          <DateTimeField aria-label={when} />
        </Form.Item>
        <Button onClick={onNow}>Now</Button>
      </Space>
      <Space wrap>
        <Form.Item label={`Mileage ${leg}`} name={`${name}Mileage`}>
          <InputNumber<number> aria-label={`Mileage ${leg}`} min={0} precision={0} style={{ width: 140 }} />
        </Form.Item>
        <Form.Item label={`Fuel ${leg}`} name={`${name}Fuel`}>
          <Select aria-label={`Fuel ${leg}`} options={FUEL} style={{ width: 120 }} allowClear />
        </Form.Item>
      </Space>
    </section>
  );
}
