import { Form, Input, Space, Typography } from 'antd';
import { SearchSelect } from '../ui/search-select';

/** An attribute (spec 2 §3 Attribute name) as GET attributevalues and the facility detail list it. */
export interface AttributeDef {
  name: string;
  tooltipText?: string | null;
  /** The setting value list's values; empty for free text. */
  values?: string[];
}

/**
 * The attributes of a record (Facility, User …), each a text box or a pick from its value list,
 * as form fields `attributes[i].value`.
 */
export function AttributesField({ attributes }: { attributes: AttributeDef[] }) {
  if (!attributes.length) return null;
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Typography.Text strong>Attributes</Typography.Text>
      {attributes.map((a, i) => (
        <Form.Item
          key={a.name}
          name={['attributes', i, 'value']}
          label={a.name}
          tooltip={a.tooltipText ?? undefined}
          style={{ marginBottom: 8 }}
        >
          {a.values?.length ? (
            <SearchSelect<string>
              allowClear
              style={{ width: '100%' }}
              options={a.values.map((v) => ({ value: v, label: v }))}
              aria-label={a.name}
            />
          ) : (
            <Input aria-label={a.name} />
          )}
        </Form.Item>
      ))}
    </Space>
  );
}
