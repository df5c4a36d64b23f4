import { USER_ROLE_OPTIONS } from '@glass/domain/enums';
import { FAILED_TO_GET_PAGE_ATTRIBUTES } from '@glass/domain/messages/admin';
import type { FormFieldDef } from '@glass/domain/resources/define';
import { employeeCreateSchema, employeeUpdateSchema } from '@glass/domain/resources/employee';
import { BRAND_LOOKUP, FACILITY_LOOKUP } from '@glass/domain/resources/lookups';
import { assignableRoles, canManageRole } from '@glass/domain/roles';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Form, Select } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { ApiError } from '../../api/http';
import { withProgress } from '../../api/notices';
import { useSessionState } from '../../api/use-session';
import { AttributesField } from '../../resources/attributes-field';
import { FormDrawer } from '../../resources/form-drawer';
import { fieldInput } from '../../resources/field-input';
import { issueFields, problemFields } from '../../resources/form-values';
import { ImageUpload } from '../../resources/image-upload';
import type { Row } from '../../resources/list-query';
import { useFailureToast } from '../../query/use-failure-toast';
import { refreshKeys } from '../../query/use-write';
import { employeeKeys } from '../../query/query-keys';
import { employeesApi, useUserAttributes } from './employees-api';

/** Security #12: only the roles the signed-in user may grant (the server refuses any other). */
const roleOptions = (actorRole: number | undefined, current: unknown) => {
  const allowed: number[] = assignableRoles(actorRole);
  return USER_ROLE_OPTIONS.filter((o) => allowed.includes(o.value) || o.value === current);
};

const fields = (creating: boolean, roles: FormFieldDef['options']): FormFieldDef[] => [
  { name: 'userName', label: 'User Name', widget: 'text', required: true, help: '3 digits, used to sign in' },
  { name: 'firstName', label: 'First Name', widget: 'text', required: true },
  { name: 'lastName', label: 'Last Name', widget: 'text', required: true },
  { name: 'userRoleId', label: 'Role', widget: 'select', options: roles, required: true },
  { name: 'facilityId', label: 'Facility', widget: 'lookup', lookup: FACILITY_LOOKUP },
  { name: 'brandId', label: 'Brand', widget: 'lookup', lookup: BRAND_LOOKUP },
  { name: 'email', label: 'Email', widget: 'email' },
  { name: 'phone', label: 'Phone', widget: 'phone' },
  { name: 'isInstaller', label: 'Installer', widget: 'switch' },
  {
    name: 'isActive',
    label: 'Active',
    widget: 'switch',
    help: creating ? undefined : 'Deactivating ends the employee’s sessions',
  },
  creating
    ? { name: 'password', label: 'Initial Password', widget: 'password', required: true, help: '6 digits' }
    : {
        name: 'password',
        label: 'New Password',
        widget: 'password',
        help: 'Leave empty to keep the current password',
      },
];

/** Employee create and edit (spec 1 §7 Users) with the server's own schema. */
export function EmployeeFormDrawer({ record, onClose }: { record: Row | null; onClose: () => void }) {
  const [form] = Form.useForm();
  const queryClient = useQueryClient();
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  const creating = !record;
  const session = useSessionState();
  const actorRole = session.user?.userRole;
  // Decision 0016: nobody edits their own role or facilities; a facility-bound actor grants only their own.
  const self = !creating && record.id === session.user?.id;
  const actorAllowed = session.user?.allowedFacilityIds ?? null;
  const grantable = session.facilities.filter((f) => actorAllowed === null || actorAllowed.includes(f.id));
  // An employee whose role permits more than the signed-in user's is shown read-only.
  const manageable = creating || canManageRole(actorRole, record.userRoleId as number);
  const roles = useMemo(() => roleOptions(actorRole, record?.userRoleId), [actorRole, record]);
  const initial = useMemo(
    () => (record ? { ...record, password: '' } : { userRoleId: 5, isActive: true, isInstaller: false }),
    [record],
  );
  const title = creating ? 'New Employee' : 'Edit Employee';
  const userAttributes = useUserAttributes(record?.id as number | undefined);
  const attributes = userAttributes.data;

  useFailureToast(userAttributes.isError, FAILED_TO_GET_PAGE_ATTRIBUTES);

  // The attributes as loaded; a later answer (a refetch) does not replace a value the user has already picked.
  useEffect(() => {
    if (!attributes) return;
    const at = (i: number) => ['attributes', i, 'value'];
    form.setFieldsValue({
      attributes: attributes.map((a, i) => ({
        value: form.isFieldTouched(at(i)) ? form.getFieldValue(at(i)) : (a.value ?? ''),
      })),
    });
  }, [attributes, form]);

  const save = async () => {
    const { attributes: attributeValues, ...rest } = form.getFieldsValue(true);
    const values = {
      ...rest,
      // Sent once they have loaded; absent, the server leaves the employee's attributes as they are.
      attributes: attributes?.map((a, i) => ({
        attributeNameId: a.attributeNameId,
        value: attributeValues?.[i]?.value ?? '',
      })),
    };
    form.setFields([
      ...Object.keys(rest).map((k) => ({ name: [k], errors: [] })),
      ...(attributes ?? []).map((_, i) => ({ name: ['attributes', i, 'value'], errors: [] })),
    ]);
    const checked = (creating ? employeeCreateSchema : employeeUpdateSchema).safeParse(values);
    if (!checked.success) return form.setFields(issueFields(checked.error.issues));
    setSaving(true);
    try {
      await withProgress(
        creating ? employeesApi.create(checked.data) : employeesApi.update(record.id, checked.data),
      );
      await refreshKeys(queryClient, [employeeKeys.all, employeeKeys.allAttributes]);
      onClose();
    } catch (e) {
      if (e instanceof ApiError) form.setFields(problemFields(e.errors));
    } finally {
      setSaving(false);
    }
  };

  return (
    <FormDrawer
      title={title}
      dirty={dirty}
      saving={saving}
      canSave={manageable}
      onClose={onClose}
      onSave={save}
    >
      {manageable ? null : (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title="Your role may not change this employee: their role permits actions yours does not."
        />
      )}
      <Form
        name="employee"
        form={form}
        layout="vertical"
        aria-label={title}
        initialValues={initial}
        disabled={!manageable}
        onValuesChange={() => setDirty(true)}
      >
        {record && manageable ? (
          <Form.Item label="Profile Picture">
            <ImageUpload
              label="Profile Picture"
              uploadPath="users/profilePicture"
              picturePath="users/profilePicture"
              fields={{ userId: String(record.id) }}
              value={(record.photo as string | null) ?? undefined}
              onChange={() => refreshKeys(queryClient, [employeeKeys.all])}
            />
          </Form.Item>
        ) : null}
        {fields(creating, roles).map((f) =>
          self && (f.name === 'userRoleId' || f.name === 'facilityId') ? (
            <Form.Item key={f.name} name={f.name} label={f.label} extra="Someone above you changes this">
              {f.name === 'userRoleId' ? (
                <Select aria-label={f.label} disabled options={roles} />
              ) : (
                <Select
                  aria-label={f.label}
                  disabled
                  options={session.facilities.map((x) => ({ value: x.id, label: x.name }))}
                />
              )}
            </Form.Item>
          ) : (
            <Form.Item
              key={f.name}
              name={f.name}
              label={f.label}
              required={f.required}
              extra={f.help}
              valuePropName={f.widget === 'switch' ? 'checked' : 'value'}
            >
              {fieldInput(f)}
            </Form.Item>
          ),
        )}
        <Form.Item
          name="extraFacilityIds"
          label="Extra Facilities"
          extra={self ? 'Someone above you changes this' : 'Facilities allowed besides the home facility'}
        >
          <Select
            mode="multiple"
            aria-label="Extra Facilities"
            disabled={self}
            options={(self ? session.facilities : grantable).map((x) => ({ value: x.id, label: x.name }))}
          />
        </Form.Item>
        <AttributesField attributes={attributes ?? []} />
      </Form>
    </FormDrawer>
  );
}
