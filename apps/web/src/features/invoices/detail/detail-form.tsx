// Over 300 lines: the invoice's one edit form; its sections share the form instance and the PATCH of changed fields.
import { MoneyInput } from '../../../resources/money-input';
import { PAYMENT_TYPE_OPTIONS } from '@glass/domain/enums';
import { formatDate } from '@glass/domain/rules/date-format';
import { referenceProblem } from '@glass/domain/rules/invoice-rules';
import { validateVin } from '@glass/domain/rules/vin';
import { useQuery } from '@tanstack/react-query';
import { Button, Checkbox, Form, Input, InputNumber } from 'antd';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { ApiError } from '../../../api/http';
import { useSessionState } from '../../../api/use-session';
import { UnsavedChangesGuard } from '../../../shell/unsaved-changes';
import { DateTimeField } from '../../../ui/date-fields';
import { Section } from '../../../ui/section';
import { useInvoiceWrite } from './detail-hooks';
import { PersonFields, type PersonValues, personValues, stateOptions } from './detail-person';
import { type InvoiceDetail, invoiceApi, type UserRef } from '../invoice-api';
import { invoiceKeys } from '../../../query/query-keys';
import { limitsOf, zodRule } from '../../../ui/zod-rule';
import { invoicePatchFields } from '@glass/domain/contracts/invoices';
import { SearchSelect } from '../../../ui/search-select';
import { DetailGrid } from '../../../ui/detail-layout';

/** The form's values: the PATCH fields of the contract (`invoicePatchFields`), as inputs hold them. */
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

/** The PATCH fields' contract: the form checks what the server checks, with the same limits. */
const FIELDS = invoicePatchFields.shape;
type TextName = keyof FormValues & keyof typeof FIELDS;

function TextField({ name, label }: { name: TextName; label: string }) {
  return (
    <Form.Item name={name} label={label} rules={[zodRule(FIELDS[name])]}>
      <Input aria-label={label} maxLength={limitsOf(FIELDS[name]).maxLength} />
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
      <DetailGrid>
        <PersonFields which="customer" title="Customer" person={invoice.customer} />
        {sameBuyer(invoice) ? (
          <Section id="buyer" title="Buyer">
            <p>The buyer is the customer.</p>
          </Section>
        ) : (
          <PersonFields which="buyer" title="Buyer" person={invoice.buyer} />
        )}
        <Section id="vehicle" title="Vehicle">
          <Grid>
            <Form.Item name="vehicleYear" label="Year" rules={[zodRule(FIELDS.vehicleYear)]}>
              <InputNumber
                aria-label="Year"
                {...limitsOf(FIELDS.vehicleYear)}
                precision={0}
                style={{ width: '100%' }}
              />
            </Form.Item>
            <TextField name="vehicleMake" label="Make" />
            <TextField name="vehicleModel" label="Model" />
            <Form.Item
              name="vin"
              label="VIN"
              validateStatus={vinCheck && !vinCheck.valid ? 'warning' : undefined}
              help={
                vinCheck && !vinCheck.valid ? vinCheck.problems.map((p) => p.message).join(' ') : undefined
              }
            >
              <Input aria-label="VIN" maxLength={limitsOf(FIELDS.vin).maxLength} />
            </Form.Item>
            <Form.Item name="mileage" label="Mileage" rules={[zodRule(FIELDS.mileage)]}>
              <InputNumber
                aria-label="Mileage"
                {...limitsOf(FIELDS.mileage)}
                precision={0}
                style={{ width: '100%' }}
              />
            </Form.Item>
            <TextField name="licensePlate" label="License tag" />
            <Form.Item name="licenseState" label="Tag state">
              <SearchSelect<string>
                aria-label="Tag state"
                allowClear
                style={{ width: '100%' }}
                options={stateOptions}
              />
            </Form.Item>
            <TextField name="serviceTag" label="Service tag" />
          </Grid>
        </Section>

        <Section id="insurance" title="Insurance and payment">
          <Grid>
            <Form.Item name="paymentTypeId" label="Payment type">
              <SearchSelect<number>
                aria-label="Payment type"
                style={{ width: '100%' }}
                options={paymentOptions}
              />
            </Form.Item>
            <Form.Item
              name="referenceNumber"
              label="Reference"
              dependencies={['paymentTypeId']}
              rules={[
                zodRule(FIELDS.referenceNumber),
                ({ getFieldValue }) => ({
                  validator: (_, value: string) => {
                    const problem = referenceProblem(getFieldValue('paymentTypeId'), value);
                    return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
                  },
                }),
              ]}
            >
              <Input aria-label="Reference" maxLength={limitsOf(FIELDS.referenceNumber).maxLength} />
            </Form.Item>
            <Form.Item name="insuranceCompanyId" label="Insurance company">
              <SearchSelect<number>
                aria-label="Insurance company"
                allowClear
                style={{ width: '100%' }}
                loading={insurers.isLoading}
                options={insurerOptions}
              />
            </Form.Item>
            <TextField name="claimNumber" label="Claim number" />
            <TextField name="policyNumber" label="Policy number" />
            <Form.Item name="lossDateTime" label="Loss date">
              <DateTimeField aria-label="Loss date" valueFormat="YYYY-MM-DDTHH:mm" />
            </Form.Item>
            <Form.Item name="deductibleAmount" label="Deductible">
              <MoneyInput label="Deductible" />
            </Form.Item>
            <Form.Item name="deductiblePaymentTypeId" label="Deductible paid by">
              <SearchSelect<number>
                aria-label="Deductible paid by"
                allowClear
                style={{ width: '100%' }}
                options={paymentOptions}
              />
            </Form.Item>
            <Form.Item name="depositAmount" label="Deposit">
              <MoneyInput label="Deposit" />
            </Form.Item>
            <Form.Item name="depositPaymentTypeId" label="Deposit paid by">
              <SearchSelect<number>
                aria-label="Deposit paid by"
                allowClear
                style={{ width: '100%' }}
                options={paymentOptions}
              />
            </Form.Item>
          </Grid>
          <Form.Item
            name="advertisementSourceNotes"
            label="Referral / advertisement source"
            rules={[zodRule(FIELDS.advertisementSourceNotes)]}
          >
            <Input.TextArea
              aria-label="Referral / advertisement source"
              rows={2}
              maxLength={limitsOf(FIELDS.advertisementSourceNotes).maxLength}
            />
          </Form.Item>
        </Section>

        <Section id="staff" title="Staff">
          <Grid>
            {STAFF.map(([name, ref, label]) => (
              <Form.Item key={name} name={name} label={label}>
                <SearchSelect<number>
                  aria-label={label}
                  allowClear
                  style={{ width: '100%' }}
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
          <Form.Item
            name="windshieldNotes"
            label="Windshield notes"
            rules={[zodRule(FIELDS.windshieldNotes)]}
          >
            <Input.TextArea
              aria-label="Windshield notes"
              rows={3}
              maxLength={limitsOf(FIELDS.windshieldNotes).maxLength}
            />
          </Form.Item>
        </Section>
      </DetailGrid>

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
