import { PHONE_TYPE_OPTIONS } from '@glass/domain/enums';
import { FAILED_TO_GET_VEHICLE_SOURCES } from '@glass/domain/messages/service-vehicles';
import { VIN_CHARACTER_COUNT, validateVin, vinModelYear } from '@glass/domain/rules/vin';
import { useQuery } from '@tanstack/react-query';
import { Button, Form, Input, InputNumber, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { withProgress } from '../../api/notices';
import { useSessionState } from '../../api/use-session';
import { useFailureToast } from '../../query/use-failure-toast';
import { useDocumentTitle } from '../../shell/document-title';
import { UnsavedChangesGuard } from '../../shell/unsaved-changes';
import { type CreateSvInput, svApi } from './sv-api';
import { CREATE_FIELDS } from './sv-create-fields';
import './service-vehicles.css';
import { serviceVehicleKeys } from '../../query/query-keys';
import { ScreenFrame } from '../../ui/screen-frame';
import { SearchSelect } from '../../ui/search-select';
import { limitsOf, zodRule } from '../../ui/zod-rule';

interface CreateForm {
  facilityId?: number;
  repairCount: number;
  vin?: string;
  year?: number | null;
  make?: string;
  model?: string;
  licenseTag?: string;
  repairOrderNumber?: string;
  firstName?: string;
  lastName?: string;
  phone?: string;
  phoneTypeId?: number;
  sourceId?: number;
}

/** The text inputs between Year and Customer phone, in screen order. */
const TEXT_INPUTS = [
  ['make', 'Make'],
  ['model', 'Model'],
  ['licenseTag', 'License tag'],
  ['repairOrderNumber', 'RO number'],
  ['firstName', 'Customer first name'],
  ['lastName', 'Customer last name'],
] as const;

const REPAIR_COUNT_OPTIONS = [
  { value: 0, label: '0 (Pending)' },
  { value: 1, label: '1 repair' },
  { value: 2, label: '2 repairs' },
  { value: 3, label: '3 repairs' },
  { value: 4, label: '4 (Replacement)' },
];

const blank = (value: string | undefined) => (value?.trim() ? value.trim() : null);

/** /new-service-vehicle (spec 1 §5 "Creating a service vehicle"). */
export function NewServiceVehiclePage() {
  useDocumentTitle('New Service Vehicle');
  const navigate = useNavigate();
  const { facilities, user } = useSessionState();
  const [form] = Form.useForm<CreateForm>();
  const [saving, setSaving] = useState(false);
  const [dirty, setDirty] = useState(false);
  // Set once the server has the record: the guard is lifted first, then the detail opens.
  const [createdId, setCreatedId] = useState<number>();
  const vin = Form.useWatch('vin', form) ?? '';
  const vinCheck = vin.trim() ? validateVin(vin) : null;

  const sources = useQuery({
    queryKey: serviceVehicleKeys.sources,
    queryFn: svApi.sources,
    staleTime: 300_000,
  });
  useFailureToast(sources.isError, FAILED_TO_GET_VEHICLE_SOURCES);
  const sourceOptions = (sources.data ?? []).map((s) => ({ value: s.id, label: s.name }));

  // A valid VIN decodes its model year when the year is still empty.
  useEffect(() => {
    if (!vinCheck?.valid) return;
    if (!form.getFieldValue('year')) {
      const year = vinModelYear(vinCheck.vin);
      if (year) form.setFieldValue('year', year);
    }
  }, [vinCheck?.valid, vinCheck?.vin, form]);

  useEffect(() => {
    if (createdId && !dirty) navigate(`/service-vehicles/${createdId}`);
  }, [createdId, dirty, navigate]);

  const submit = async (values: CreateForm) => {
    const input: CreateSvInput = {
      facilityId: values.facilityId,
      repairCount: values.repairCount,
      vehicle: {
        vin: blank(values.vin)?.toUpperCase() ?? null,
        year: values.year ?? null,
        make: blank(values.make),
        model: blank(values.model),
        licenseTag: blank(values.licenseTag),
        sourceId: values.sourceId ?? null,
      },
      repairOrder: { repairOrderNumber: blank(values.repairOrderNumber) },
      customer: {
        firstName: values.firstName?.trim() || undefined,
        lastName: values.lastName?.trim() || undefined,
        contact: values.phone?.trim()
          ? { primaryPhone: { phone: values.phone.trim(), phoneTypeId: values.phoneTypeId } }
          : undefined,
      },
    };
    setSaving(true);
    try {
      const created = await withProgress(svApi.create(input));
      setDirty(false);
      setCreatedId(created.id);
    } catch {
      // withProgress has shown the error.
    } finally {
      setSaving(false);
    }
  };

  return (
    <ScreenFrame title="New Service Vehicle" style={{ maxWidth: 900 }}>
      <Form<CreateForm>
        form={form}
        layout="vertical"
        onFinish={submit}
        onValuesChange={() => setDirty(true)}
        initialValues={{ repairCount: 0, facilityId: user?.facility?.id, phoneTypeId: 2 }}
      >
        <UnsavedChangesGuard when={dirty} />
        <div className="sv-form-grid">
          <Form.Item
            label="Facility"
            name="facilityId"
            rules={[{ required: true, message: 'Choose a facility' }]}
          >
            <SearchSelect<number>
              aria-label="Facility"
              style={{ width: '100%' }}
              options={facilities.map((f) => ({ value: f.id, label: f.name || f.shortName }))}
            />
          </Form.Item>
          <Form.Item label="Repair count" name="repairCount" rules={[zodRule(CREATE_FIELDS.repairCount)]}>
            <Select aria-label="Repair count" options={REPAIR_COUNT_OPTIONS} />
          </Form.Item>
          <Form.Item
            label="VIN"
            name="vin"
            validateStatus={vinCheck && !vinCheck.valid ? 'warning' : vinCheck?.valid ? 'success' : undefined}
            help={
              vinCheck
                ? vinCheck.valid
                  ? `Valid VIN${vinModelYear(vinCheck.vin) ? `, model year ${vinModelYear(vinCheck.vin)}` : ''}`
                  : vinCheck.problems.map((p) => p.message).join(' ')
                : undefined
            }
          >
            <Input
              aria-label="VIN"
              // The server checks the VIN with validateVin (rules/vin), whose length is the input's limit.
              maxLength={VIN_CHARACTER_COUNT}
              autoComplete="off"
              style={{ textTransform: 'uppercase' }}
            />
          </Form.Item>
          <Form.Item label="Year" name="year" rules={[zodRule(CREATE_FIELDS.year)]}>
            <InputNumber aria-label="Year" {...limitsOf(CREATE_FIELDS.year)} style={{ width: '100%' }} />
          </Form.Item>
          {TEXT_INPUTS.map(([name, label]) => (
            <Form.Item key={name} label={label} name={name} rules={[zodRule(CREATE_FIELDS[name])]}>
              <Input aria-label={label} maxLength={limitsOf(CREATE_FIELDS[name]).maxLength} />
            </Form.Item>
          ))}
          <Form.Item label="Customer phone" name="phone" rules={[zodRule(CREATE_FIELDS.phone)]}>
            <Input aria-label="Customer phone" type="tel" />
          </Form.Item>
          <Form.Item label="Phone type" name="phoneTypeId" rules={[zodRule(CREATE_FIELDS.phoneTypeId)]}>
            <Select aria-label="Phone type" options={PHONE_TYPE_OPTIONS.map((o) => ({ ...o }))} />
          </Form.Item>
          <Form.Item label="Source" name="sourceId">
            <SearchSelect<number>
              aria-label="Source"
              allowClear
              style={{ width: '100%' }}
              options={sourceOptions}
              loading={sources.isLoading}
            />
          </Form.Item>
        </div>
        <div className="sv-actions">
          <Button type="primary" htmlType="submit" loading={saving}>
            Create
          </Button>
          <Button onClick={() => navigate(-1)}>Cancel</Button>
        </div>
      </Form>
    </ScreenFrame>
  );
}
