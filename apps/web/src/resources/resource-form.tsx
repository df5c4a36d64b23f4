import type { ResourceDef } from '@glass/domain/resources/define';
import { useQueryClient } from '@tanstack/react-query';
import { Form } from 'antd';
import { useMemo, useState } from 'react';
import { ApiError } from '../api/http';
import { withProgress } from '../api/notices';
import { fieldInput } from './field-input';
import { FormDrawer } from './form-drawer';
import { createValues, editValues, namePath, problemFields, validateValues } from './form-values';
import { listKey, type Row } from './list-query';
import { resourceApi } from './resource-api';

interface Props {
  def: ResourceDef;
  /** The row being edited; null for a new one. */
  record: Row | null;
  onClose: () => void;
}

/**
 * Create and edit share this drawer (refine's one-form-two-actions idiom). The fields, their
 * widgets and the validation all come from the declaration; the schema is the server's own, so
 * the messages under each field are the ones the server would answer. Mounted only while open,
 * so only one unsaved-changes guard is ever active.
 */
export function ResourceFormDrawer({ def, record, onClose }: Props) {
  const [form] = Form.useForm();
  const queryClient = useQueryClient();
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  const mode = record ? 'update' : 'create';
  const initialValues = useMemo(() => (record ? editValues(def, record) : createValues(def)), [def, record]);
  const title = record ? `Edit ${def.singular}` : `New ${def.singular}`;

  const save = async () => {
    const values = form.getFieldsValue(true) as Record<string, unknown>;
    const checked = validateValues(def, values, mode);
    // Clear old messages first: a field fixed since the last try must not keep its error.
    form.setFields(Object.keys(values).map((k) => ({ name: [k], errors: [] })));
    if (!checked.ok) {
      form.setFields(checked.fields);
      return;
    }
    setSaving(true);
    try {
      await withProgress(resourceApi.save(def, record, checked.body));
      await queryClient.invalidateQueries({ queryKey: listKey(def) });
      onClose();
    } catch (error) {
      if (error instanceof ApiError) form.setFields(problemFields(error.errors));
    } finally {
      setSaving(false);
    }
  };

  return (
    <FormDrawer title={title} dirty={dirty} saving={saving} onClose={onClose} onSave={save}>
      <Form
        name={def.name}
        form={form}
        layout="vertical"
        aria-label={title}
        initialValues={initialValues}
        onValuesChange={() => setDirty(true)}
        onFinish={save}
      >
        {def.form.map((field) => (
          <Form.Item
            key={field.name}
            name={namePath(field.name)}
            label={field.label}
            required={field.required || (mode === 'create' && def.requiredOnCreate?.includes(field.name))}
            extra={field.help}
            valuePropName={field.widget === 'switch' ? 'checked' : 'value'}
          >
            {fieldInput(field)}
          </Form.Item>
        ))}
        <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
      </Form>
    </FormDrawer>
  );
}
