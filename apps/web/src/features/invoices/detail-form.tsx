import { MoneyInput } from '../../resources/money-input';
import { PAYMENT_TYPE_OPTIONS } from '@glass/domain/enums';
import { formatDate } from '@glass/domain/rules/date-format';
import { referenceProblem } from '@glass/domain/rules/invoice-rules';
import { validateVin } from '@glass/domain/rules/vin';
import { useQuery } from '@tanstack/react-query';
import { Button, Checkbox, Form, Input, InputNumber, Select } from 'antd';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { ApiError } from '../../api/http';
import { useSessionState } from '../../api/use-session';
import { UnsavedChangesGuard } from '../../shell/unsaved-changes';
import { Section } from '../service-vehicles/sv-detail-sections';
import { useInvoiceWrite } from './detail-hooks';
import { PersonFields, type PersonValues, personValues, stateOptions } from './detail-person';
import { type InvoiceDetail, invoiceApi, invoiceKeys, type UserRef } from './invoice-api';

/** The form's values: the PATCH fields of apps/server/src/modules/invoices/schemas.ts, as inputs hold them. */
interface FormValues {
  customer: PersonValues | null;
  buyer: PersonValues | null;
  paymentTypeId: number;
  insuranceCompanyId: number | null;
  referenceNumber: string;
  claimNumber: string;
  policyNumber: string;
  lossDateTime: string;
  advertisementSourceNotes: string;
  deductibleAmount: number | null;
  deductiblePaymentTypeId: number | null;
  depositAmount: number | null;
  depositPaymentTypeId: number | null;
  vehicleYear: number | null;
  vehicleMake: string;
  vehicleModel: string;
  vin: string;
  mileage: number | null;
  licensePlate: string;
  licenseState: string | null;
  serviceTag: string;
  administratorId: number | null;
  leadTechnicianId: number | null;
  repairTechnicianId: number | null;
  autoGlassAssociateId: number | null;
  flagged: boolean;
  snailMail: boolean;
  inspection: boolean;
  windshieldChecked: boolean;
  windshieldNotes: string;
}
type Payload = { id: number } & Record<string, unknown>;

const str = (v: string | number | null | undefined) => (v === null || v === undefined ? '' : String(v));
const num = (v: number | string | null | undefined) =>
  v === null || v === undefined || v === '' ? null : Number(v);

/** The buyer is the customer's own record: one set of fields edits both. */
const sameBuyer = (i: InvoiceDetail) => Boolean(i.buyer && i.buyer.id === i.customer?.id);

function toForm(i: InvoiceDetail): FormValues {
  return {
    customer: personValues(i.customer),
    buyer: sameBuyer(i) ? null : personValues(i.buyer),
    paymentTypeId: i.paymentTypeId,
    insuranceCompanyId: i.insuranceCompany?.id ?? null,
    referenceNumber: str(i.referenceNumber),
    claimNumber: str(i.claimNumber),
    policyNumber: str(i.policyNumber),
    // As a datetime-local input holds it (local wall clock); the PATCH sends it back as an instant.
    lossDateTime: formatDate(i.lossDateTime, 'YYYY-MM-DDTHH:mm'),
    advertisementSourceNotes: str(i.advertisementSourceNotes),
    deductibleAmount: num(i.deductiblePayment?.value),
    deductiblePaymentTypeId: i.deductiblePayment?.paymentTypeId ?? null,
    depositAmount: num(i.depositPayment?.value),
    depositPaymentTypeId: i.depositPayment?.paymentTypeId ?? null,
    vehicleYear: i.vehicleDetails?.year ?? null,
    vehicleMake: str(i.vehicleDetails?.make),
    vehicleModel: str(i.vehicleDetails?.model),
    vin: str(i.vehicleDetails?.vin),
    mileage: i.vehicleDetails?.mileage ?? null,
    licensePlate: str(i.tagDetails?.licensePlate),
    licenseState: i.tagDetails?.licenseState || null,
    serviceTag: str(i.tagDetails?.serviceTag),
    administratorId: i.administrator?.id ?? null,
    leadTechnicianId: i.leadTechnician?.id ?? null,
    repairTechnicianId: i.repairTechnician?.id ?? null,
    autoGlassAssociateId: i.autoGlassAssociate?.id ?? null,
    flagged: i.flagged,
    snailMail: i.snailMail,
    inspection: i.inspection,
    windshieldChecked: i.windshieldChecked,
    windshieldNotes: str(i.windshieldNotes),
  };
}

/** A form value as the PATCH sends it: text trimmed (blank clears), phones as digits, dates as instants. */
function normalize(key: string, value: unknown): unknown {
  if (typeof value === 'string') {
    const text = key === 'phone' ? value.replace(/\D/g, '') : value.trim();
    return key === 'lossDateTime' && text ? new Date(text).toISOString() : text || null;
  }
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, normalize(k, v)]));
  }
  return value ?? null;
}

const toPayload = (id: number, values: FormValues): Payload =>
  ({ ...(normalize('', values) as Record<string, unknown>), id }) as Payload;

const paymentOptions = PAYMENT_TYPE_OPTIONS.map((o) => ({ value: o.value as number, label: o.label }));
const STAFF: Array<[keyof FormValues & `${string}Id`, keyof InvoiceDetail, string]> = [
  ['administratorId', 'administrator', 'Administrator'],
  ['leadTechnicianId', 'leadTechnician', 'Lead technician'],
  ['repairTechnicianId', 'repairTechnician', 'Repair technician'],
  ['autoGlassAssociateId', 'autoGlassAssociate', 'Auto glass associate'],
];

function TextField({ name, label, max }: { name: keyof FormValues; label: string; max: number }) {
  return (
    <Form.Item name={name} label={label}>
      <Input aria-label={label} maxLength={max} />
    </Form.Item>
  );
}

function Grid({ children }: { children: ReactNode }) {
  return <div className="sv-form-grid">{children}</div>;
}

/**
 * The editable sections of the detail as one form: vehicle, insurance and payment, staff and
 * windshield notes. Saving PATCHes only the changed fields (nothing at all when none changed).
 */
export function DetailForm({ invoice, readOnly }: { invoice: InvoiceDetail; readOnly: boolean }) {
  const { employeeList } = useSessionState();
  const write = useInvoiceWrite(invoice.id);
  const [form] = Form.useForm<FormValues>();
  const initial = useMemo(() => toForm(invoice), [invoice]);
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  const insurers = useQuery({
    queryKey: invoiceKeys.insurers,
    queryFn: invoiceApi.insurers,
    staleTime: 300_000,
  });
  const vin = str(Form.useWatch('vin', form));
  const vinCheck = vin.trim() && vin !== initial.vin ? validateVin(vin) : null;

  // A fresh detail (after any write, here or in another section) shows in the form unless edits are pending.
  useEffect(() => {
    if (!dirty) form.setFieldsValue(initial);
  }, [initial, dirty, form]);

  const withCurrent = (
    list: Array<{ value: number; label: string }>,
    current: UserRef | { id: number; name: string } | null,
  ) =>
    current && !list.some((o) => o.value === current.id)
      ? [{ value: current.id, label: current.name }, ...list]
      : list;
  const people = useMemo(
    () =>
      employeeList
        .map((e) => ({
          value: e.id,
          label: [e.firstName, e.lastName].filter(Boolean).join(' ') || `#${e.id}`,
        }))
        .sort((a, b) => a.label.localeCompare(b.label)),
    [employeeList],
  );
  const insurerOptions = withCurrent(
    (insurers.data ?? []).map((x) => ({ value: x.id, label: x.name })),
    invoice.insuranceCompany,
  );

  // getFieldsValue(true) is the whole store, with the people's ids that no input holds.
  const current = () => form.getFieldsValue(true) as FormValues;
  const save = async () => {
    setSaving(true);
    const saved = await write(() =>
      invoiceApi
        .patch(invoice.id, toPayload(invoice.id, initial), toPayload(invoice.id, current()))
        .catch((error: unknown) => {
          if (error instanceof ApiError && error.errors) {
            form.setFields(
              Object.entries(error.errors)
                .map(([key, errors]) => ({ name: key.split('.'), errors }))
                .filter(({ name }) => name[0] in initial) as never,
            );
          }
          throw error;
        }),
    );
    setSaving(false);
    if (saved) setDirty(false);
  };
  const discard = () => {
    form.resetFields();
    form.setFieldsValue(initial);
    setDirty(false);
  };

  return (
    <Form<FormValues>
      form={form}
      layout="vertical"
      initialValues={initial}
      disabled={readOnly}
      onValuesChange={() =>
        setDirty(JSON.stringify(toPayload(0, current())) !== JSON.stringify(toPayload(0, initial)))
      }
      onFinish={save}
      name="invoice-detail"
      aria-label="Invoice details"
    >
      <UnsavedChangesGuard when={dirty} />
      <div className="inv-two">
        <PersonFields which="customer" title="Customer" person={invoice.customer} />
        {sameBuyer(invoice) ? (
          <Section id="buyer" title="Buyer">
            <p>The buyer is the customer.</p>
          </Section>
        ) : (
          <PersonFields which="buyer" title="Buyer" person={invoice.buyer} />
        )}
      </div>
      <Section id="vehicle" title="Vehicle">
        <Grid>
          <Form.Item name="vehicleYear" label="Year">
            <InputNumber aria-label="Year" min={1900} max={2100} precision={0} style={{ width: '100%' }} />
          </Form.Item>
          <TextField name="vehicleMake" label="Make" max={50} />
          <TextField name="vehicleModel" label="Model" max={50} />
          <Form.Item
            name="vin"
            label="VIN"
            validateStatus={vinCheck && !vinCheck.valid ? 'warning' : undefined}
            help={vinCheck && !vinCheck.valid ? vinCheck.problems.map((p) => p.message).join(' ') : undefined}
          >
            <Input aria-label="VIN" maxLength={30} />
          </Form.Item>
          <Form.Item name="mileage" label="Mileage">
            <InputNumber
              aria-label="Mileage"
              min={0}
              max={2_000_000}
              precision={0}
              style={{ width: '100%' }}
            />
          </Form.Item>
          <TextField name="licensePlate" label="License tag" max={15} />
          <Form.Item name="licenseState" label="Tag state">
            <Select
              aria-label="Tag state"
              allowClear
              showSearch
              optionFilterProp="label"
              options={stateOptions}
            />
          </Form.Item>
          <TextField name="serviceTag" label="Service tag" max={30} />
        </Grid>
      </Section>

      <Section id="insurance" title="Insurance and payment">
        <Grid>
          <Form.Item name="paymentTypeId" label="Payment type">
            <Select aria-label="Payment type" options={paymentOptions} />
          </Form.Item>
          <Form.Item
            name="referenceNumber"
            label="Reference"
            dependencies={['paymentTypeId']}
            rules={[
              ({ getFieldValue }) => ({
                validator: (_, value: string) => {
                  const problem = referenceProblem(getFieldValue('paymentTypeId'), value);
                  return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
                },
              }),
            ]}
          >
            <Input aria-label="Reference" maxLength={50} />
          </Form.Item>
          <Form.Item name="insuranceCompanyId" label="Insurance company">
            <Select
              aria-label="Insurance company"
              allowClear
              showSearch
              optionFilterProp="label"
              loading={insurers.isLoading}
              options={insurerOptions}
            />
          </Form.Item>
          <TextField name="claimNumber" label="Claim number" max={50} />
          <TextField name="policyNumber" label="Policy number" max={50} />
          <Form.Item name="lossDateTime" label="Loss date">
            <Input type="datetime-local" aria-label="Loss date" />
          </Form.Item>
          <Form.Item name="deductibleAmount" label="Deductible">
            <MoneyInput label="Deductible" />
          </Form.Item>
          <Form.Item name="deductiblePaymentTypeId" label="Deductible paid by">
            <Select aria-label="Deductible paid by" allowClear options={paymentOptions} />
          </Form.Item>
          <Form.Item name="depositAmount" label="Deposit">
            <MoneyInput label="Deposit" />
          </Form.Item>
          <Form.Item name="depositPaymentTypeId" label="Deposit paid by">
            <Select aria-label="Deposit paid by" allowClear options={paymentOptions} />
          </Form.Item>
        </Grid>
        <Form.Item name="advertisementSourceNotes" label="Referral / advertisement source">
          <Input.TextArea aria-label="Referral / advertisement source" rows={2} maxLength={500} />
        </Form.Item>
      </Section>

      <Section id="staff" title="Staff">
        <Grid>
          {STAFF.map(([name, ref, label]) => (
            <Form.Item key={name} name={name} label={label}>
              <Select
                aria-label={label}
                allowClear
                showSearch
                optionFilterProp="label"
                options={withCurrent(people, invoice[ref] as UserRef | null)}
              />
            </Form.Item>
          ))}
        </Grid>
        <div className="sv-actions">
          <Form.Item name="flagged" valuePropName="checked" noStyle>
            <Checkbox>Flagged</Checkbox>
          </Form.Item>
          <Form.Item name="inspection" valuePropName="checked" noStyle>
            <Checkbox>Inspection</Checkbox>
          </Form.Item>
          <Form.Item name="snailMail" valuePropName="checked" noStyle>
            <Checkbox>Snail mail</Checkbox>
          </Form.Item>
        </div>
      </Section>

      <Section id="windshield" title="Windshield notes">
        <Form.Item name="windshieldChecked" valuePropName="checked">
          <Checkbox>Windshield checked</Checkbox>
        </Form.Item>
        <Form.Item name="windshieldNotes" label="Windshield notes">
          <Input.TextArea aria-label="Windshield notes" rows={3} maxLength={2000} />
        </Form.Item>
      </Section>

      {readOnly ? null : (
        <div className="sv-actions inv-save-bar">
          <Button type="primary" htmlType="submit" loading={saving} disabled={!dirty}>
            Save changes
          </Button>
          <Button onClick={discard} disabled={!dirty || saving}>
            Discard changes
          </Button>
        </div>
      )}
    </Form>
  );
}
