import { REPLACEMENT_REPAIR_COUNT } from '@glass/domain/constants';
import { PAYMENT_TYPE_OPTIONS, PHONE_TYPE_OPTIONS, REPAIR_ORDER_STATUS_OPTIONS } from '@glass/domain/enums';
import { validateVin } from '@glass/domain/rules/vin';
import { Button, Checkbox, Form, Input, Select } from 'antd';
import { useMemo, useState } from 'react';
import { ApiError } from '../../api/http';
import { withProgress } from '../../api/notices';
import { useSessionState } from '../../api/use-session';
import { UnsavedChangesGuard } from '../../shell/unsaved-changes';
import { type SvDetail, svApi } from './sv-api';
import type { SvEditField } from '@glass/domain/contracts/service-vehicles';
import { zodRule } from '../../ui/zod-rule';
import { formatPhone } from '../../ui/phone';
import { EDIT_FIELDS, inputLength, valuesOf } from './sv-edit-fields';
import { IMAGE_FIELDS, ImageFieldInput, type ImageFieldName } from './sv-images';
import { SearchSelect } from '../../ui/search-select';

/** The text fields of PUT /api/ServiceVehicle/{id} (the contract's svEditFields); values are strings, blank clears. */
type EditValues = Record<string, string | boolean | undefined>;

const str = (value: unknown) => (value === null || value === undefined ? '' : String(value));

function initialValues(sv: SvDetail): EditValues {
  const v = sv.vehicle ?? {};
  const c = sv.customer;
  return {
    vin: str(v.vin),
    roNumber: str(sv.repairOrder?.repairOrderNumber),
    roStatusId: str(sv.repairOrder?.statusId ?? -1),
    vehicleYear: str(v.year),
    vehicleMake: str(v.make),
    vehicleModel: str(v.model),
    color: str(v.color),
    state: str(v.licenseState),
    licenseTag: str(v.licenseTag),
    serviceTag: str(v.serviceTag),
    stockNumber: str(v.stockNumber),
    mileage: str(v.mileage),
    facilityId: str(sv.facility?.id),
    sourceId: str(v.sourceId),
    paymentTypeId: str(sv.paymentTypeId),
    repairQuoteAmount: str(sv.repairQuoteAmount),
    replacementQuoteAmount: str(sv.replacementQuoteAmount),
    repairCount: str(sv.repairCount ?? 0),
    windshieldChecked: Boolean(sv.windshieldChecked),
    windshieldNotes: str(sv.windshieldNotes),
    serviceAdvisorName: str(sv.serviceAdvisorName),
    firstName: str(c?.firstName),
    lastName: str(c?.lastName),
    phone1: formatPhone(c?.contact?.primaryPhone?.phone),
    phone1TypeId: str(c?.contact?.primaryPhone?.phoneTypeId ?? -1),
    phone2: formatPhone(c?.contact?.secondaryPhone?.phone),
    phone2TypeId: str(c?.contact?.secondaryPhone?.phoneTypeId ?? -1),
  };
}

/** The form's text inputs, in screen order; what each may hold and its length are the contract's `svEditFields`. */
const TEXT_FIELDS: Array<[name: SvEditField, label: string]> = [
  ['vin', 'VIN'],
  ['vehicleYear', 'Year'],
  ['vehicleMake', 'Make'],
  ['vehicleModel', 'Model'],
  ['color', 'Color'],
  ['licenseTag', 'License tag'],
  ['state', 'License state'],
  ['serviceTag', 'Service tag'],
  ['stockNumber', 'Stock number'],
  ['mileage', 'Mileage'],
  ['roNumber', 'RO number'],
  ['repairQuoteAmount', 'Repair quote amount'],
  ['replacementQuoteAmount', 'Replacement quote amount'],
  ['serviceAdvisorName', 'Service advisor'],
  ['firstName', 'Customer first name'],
  ['lastName', 'Customer last name'],
  ['phone1', 'Primary phone'],
  ['phone2', 'Secondary phone'],
];

/** The repair counts the contract allows; the largest is a replacement. */
const REPAIR_COUNT_OPTIONS = valuesOf('repairCount').map((n) => ({
  value: String(n),
  label: n === REPLACEMENT_REPAIR_COUNT ? `${n} (Replacement)` : String(n),
}));

const asOptions = (options: ReadonlyArray<{ value: number; label: string }>, none?: string) => [
  ...(none ? [{ value: '-1', label: none }] : []),
  ...options.map((o) => ({ value: String(o.value), label: o.label })),
];

/**
 * The detail's edit form: only changed fields and chosen images are sent (multipart PUT), so untouched
 * values stay as stored. The server checks images by content; its 400 shows under the image's field.
 */
export function SvEditForm({
  sv,
  sources,
  onSaved,
  onCancel,
}: {
  sv: SvDetail;
  sources: Array<{ id: number; name: string }>;
  onSaved: (next: SvDetail) => void;
  onCancel: () => void;
}) {
  const { facilities } = useSessionState();
  const initial = useMemo(() => initialValues(sv), [sv]);
  const [form] = Form.useForm<EditValues>();
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  const [files, setFiles] = useState<Partial<Record<ImageFieldName, File[]>>>({});
  const [imageErrors, setImageErrors] = useState<Partial<Record<ImageFieldName, string>>>({});
  const vin = str(Form.useWatch('vin', form));
  const vinCheck = vin.trim() && vin !== initial.vin ? validateVin(vin) : null;

  const submit = async (values: EditValues) => {
    const body = new FormData();
    for (const [key, value] of Object.entries(values)) {
      const text = typeof value === 'boolean' ? String(value) : str(value);
      const before = typeof initial[key] === 'boolean' ? String(initial[key]) : str(initial[key]);
      if (text !== before) body.append(key, text);
    }
    for (const { field } of IMAGE_FIELDS) for (const file of files[field] ?? []) body.append(field, file);
    if ([...body.keys()].length === 0) {
      onCancel();
      return;
    }
    setSaving(true);
    setImageErrors({});
    try {
      const next = await withProgress(svApi.edit(sv.id, body));
      setDirty(false);
      onSaved(next);
    } catch (error) {
      // withProgress showed the error; the form keeps the edits, and an image's problem shows at its field.
      if (error instanceof ApiError && error.errors)
        setImageErrors(
          Object.fromEntries(
            IMAGE_FIELDS.filter(({ field }) => error.errors?.[field]?.length).map(({ field }) => [
              field,
              error.errors?.[field]?.join(' '),
            ]),
          ),
        );
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form<EditValues>
      form={form}
      layout="vertical"
      initialValues={initial}
      onValuesChange={() => setDirty(true)}
      onFinish={submit}
      aria-label="Edit service vehicle"
    >
      <UnsavedChangesGuard when={dirty} />
      <div className="sv-form-grid">
        {TEXT_FIELDS.map(([name, label]) => (
          <Form.Item
            key={name}
            name={name}
            label={label}
            // The VIN's problems show as a warning below (the server refuses it on save).
            rules={name === 'vin' ? [] : [zodRule(EDIT_FIELDS[name])]}
            validateStatus={name === 'vin' && vinCheck && !vinCheck.valid ? 'warning' : undefined}
            help={
              name === 'vin' && vinCheck && !vinCheck.valid
                ? vinCheck.problems.map((p) => p.message).join(' ')
                : undefined
            }
          >
            <Input aria-label={label} maxLength={inputLength(name)} />
          </Form.Item>
        ))}
        <Form.Item name="roStatusId" label="RO status">
          <Select aria-label="RO status" options={asOptions(REPAIR_ORDER_STATUS_OPTIONS, 'None')} />
        </Form.Item>
        <Form.Item name="facilityId" label="Facility">
          <SearchSelect<string>
            aria-label="Facility"
            style={{ width: '100%' }}
            options={facilities.map((f) => ({ value: String(f.id), label: f.name }))}
          />
        </Form.Item>
        <Form.Item name="sourceId" label="Source">
          <SearchSelect<string>
            aria-label="Source"
            allowClear
            style={{ width: '100%' }}
            options={sources.map((s) => ({ value: String(s.id), label: s.name }))}
          />
        </Form.Item>
        <Form.Item name="paymentTypeId" label="Payment type">
          <SearchSelect<string>
            aria-label="Payment type"
            style={{ width: '100%' }}
            options={asOptions(PAYMENT_TYPE_OPTIONS)}
          />
        </Form.Item>
        <Form.Item name="repairCount" label="Repair count">
          <Select aria-label="Repair count" options={REPAIR_COUNT_OPTIONS} />
        </Form.Item>
        <Form.Item name="phone1TypeId" label="Primary phone type">
          <Select aria-label="Primary phone type" options={asOptions(PHONE_TYPE_OPTIONS, 'Unlabelled')} />
        </Form.Item>
        <Form.Item name="phone2TypeId" label="Secondary phone type">
          <Select aria-label="Secondary phone type" options={asOptions(PHONE_TYPE_OPTIONS, 'Unlabelled')} />
        </Form.Item>
        <Form.Item name="windshieldChecked" valuePropName="checked" label="Windshield">
          <Checkbox>Windshield checked</Checkbox>
        </Form.Item>
      </div>
      <fieldset className="sv-form-grid sv-section">
        <legend>Images</legend>
        {IMAGE_FIELDS.map(({ field, label, many, paths }) => (
          <ImageFieldInput
            key={field}
            label={label}
            many={many}
            current={paths(sv.images)}
            files={files[field] ?? []}
            error={imageErrors[field]}
            onChange={(next) => {
              setFiles((all) => ({ ...all, [field]: next }));
              setImageErrors((all) => ({ ...all, [field]: undefined }));
              setDirty(true);
            }}
          />
        ))}
      </fieldset>
      <Form.Item
        name="windshieldNotes"
        label="Windshield notes"
        rules={[zodRule(EDIT_FIELDS.windshieldNotes)]}
      >
        <Input.TextArea aria-label="Windshield notes" rows={3} maxLength={inputLength('windshieldNotes')} />
      </Form.Item>
      <div className="sv-actions">
        <Button type="primary" htmlType="submit" loading={saving}>
          Save
        </Button>
        <Button onClick={onCancel}>Cancel</Button>
      </div>
    </Form>
  );
}
