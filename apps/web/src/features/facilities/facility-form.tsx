import { NEW_FACILITY_ID } from '@glass/domain/constants';
import { facilitySaveSchema } from '@glass/domain/resources/facility';
import { DEFAULT_TIME_ZONE } from '@glass/domain/rules/time-zone';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Form, Switch } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { ApiError } from '../../api/http';
import { withProgress } from '../../api/notices';
import { PageSpinner } from '../../shell/page-spinner';
import { FormDrawer } from '../../resources/form-drawer';
import { issueFields, problemFields } from '../../resources/form-values';
import { AttributesField } from '../../resources/attributes-field';
import { ImageUpload } from '../../resources/image-upload';
import type { Row } from '../../resources/list-query';
import { type FacilityAttribute, facilityApi } from './facility-api';
import { ServiceWritersField, TrafficCountsField } from './facility-children';
import { FacilityBasicFields } from './facility-fields';
import { FacilityMap } from './facility-map';
import { facilityKeys } from '../../query/query-keys';
import { refreshKeys } from '../../query/use-write';

/** Facility create and edit (spec 2 §3, §5): the save body is checked by the server's own schema. */
export function FacilityFormDrawer({
  record,
  canWrite,
  onClose,
}: {
  record: Row | null;
  canWrite: boolean;
  onClose: () => void;
}) {
  const [form] = Form.useForm();
  const queryClient = useQueryClient();
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  const id = record?.id;
  const detail = useQuery({
    queryKey: facilityKeys.detail(id),
    enabled: !!id,
    queryFn: () => facilityApi.detail(id as number),
  });
  const blank = useQuery({
    queryKey: facilityKeys.newAttributes,
    enabled: !id,
    queryFn: facilityApi.newAttributes,
  });
  const attributes: FacilityAttribute[] = (id ? detail.data?.attributes : blank.data) ?? [];
  const ready = id ? !!detail.data : !!blank.data || blank.isError;
  const lat = Form.useWatch('latitude', form);
  const lng = Form.useWatch('longitude', form);

  useEffect(() => {
    if (!ready) return;
    const d = detail.data;
    form.setFieldsValue({
      ...(d ?? { tzo: 300, timeZone: DEFAULT_TIME_ZONE, taxRate: 0, isActive: true }),
      serviceWriters: d?.serviceWriters ?? [],
      trafficCounts: (d?.trafficCounts ?? []).map((t) => ({
        ...t,
        trafficDateTime: dayjs(t.trafficDateTime),
      })),
      attributes: attributes.map((a) => ({ value: a.value ?? '' })),
    });
  }, [ready, detail.data, attributes, form]);

  const save = async () => {
    const v = form.getFieldsValue(true);
    const body = {
      ...v,
      facilityId: id ?? NEW_FACILITY_ID,
      postalCode: v.zip,
      trafficCounts: (v.trafficCounts ?? []).map((t: { trafficDateTime?: Dayjs; trafficCount?: number }) => ({
        trafficDateTime: t.trafficDateTime ? t.trafficDateTime.toISOString() : '',
        trafficCount: t.trafficCount,
      })),
      attributes: attributes.map((a, i) => ({
        nameId: 'nameId' in a ? a.nameId : a.attributeNameId,
        value: v.attributes?.[i]?.value ?? '',
      })),
    };
    form.setFields(Object.keys(v).map((k) => ({ name: [k], errors: [] })));
    const checked = facilitySaveSchema.safeParse(body);
    if (!checked.success) {
      form.setFields(
        issueFields(checked.error.issues).map((f) => ({
          ...f,
          name: f.name[0] === 'postalCode' ? ['zip'] : f.name,
        })),
      );
      return;
    }
    setSaving(true);
    try {
      await withProgress(facilityApi.save(body));
      await refreshKeys(queryClient, [facilityKeys.all, facilityKeys.details]);
      onClose();
    } catch (e) {
      if (e instanceof ApiError) form.setFields(problemFields(e.errors));
    } finally {
      setSaving(false);
    }
  };

  const title = record ? 'Edit Facility' : 'New Facility';
  return (
    <FormDrawer
      title={title}
      dirty={dirty}
      saving={saving}
      canSave={canWrite}
      onClose={onClose}
      onSave={save}
    >
      {!ready ? (
        <PageSpinner label="Loading facility" />
      ) : (
        <Form
          form={form}
          layout="vertical"
          aria-label={title}
          disabled={!canWrite}
          onValuesChange={() => setDirty(true)}
        >
          <FacilityBasicFields />
          <FacilityMap
            latitude={lat}
            longitude={lng}
            onPick={
              canWrite
                ? (la, lo) => {
                    form.setFieldsValue({ latitude: la, longitude: lo });
                    setDirty(true);
                  }
                : undefined
            }
          />
          <Form.Item name="isActive" label="Active" valuePropName="checked" style={{ marginTop: 12 }}>
            <Switch aria-label="Active" />
          </Form.Item>
          {(['iconImageFile', 'logoImageFile'] as const).map((name) => (
            <Form.Item key={name} name={name} label={name === 'iconImageFile' ? 'Icon' : 'Logo'}>
              <ImageUpload
                label={name === 'iconImageFile' ? 'Icon' : 'Logo'}
                uploadPath={name === 'iconImageFile' ? 'facilities/uploadIcon' : 'facilities/uploadLogo'}
                picturePath="facilities/picture"
                fields={id ? { facilityId: String(id) } : {}}
                disabled={!canWrite}
              />
            </Form.Item>
          ))}
          <ServiceWritersField />
          <div style={{ height: 16 }} />
          <TrafficCountsField />
          <div style={{ height: 16 }} />
          <AttributesField attributes={attributes} />
        </Form>
      )}
    </FormDrawer>
  );
}
