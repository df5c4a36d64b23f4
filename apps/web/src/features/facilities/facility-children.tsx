import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, DatePicker, Form, Input, InputNumber, Space, Switch, Typography } from 'antd';

/** Service writers of the facility (name, phone, e-mail, active). */
export function ServiceWritersField() {
  return (
    <Form.List name="serviceWriters">
      {(fields, { add, remove }) => (
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Typography.Text strong>Service Writers</Typography.Text>
          {fields.map(({ key, name }) => (
            <Space key={key} align="baseline" wrap>
              <Form.Item name={[name, 'name']} noStyle>
                <Input placeholder="Name" aria-label={`Service writer ${name + 1} name`} />
              </Form.Item>
              <Form.Item name={[name, 'phone']} noStyle>
                <Input placeholder="Phone" type="tel" aria-label={`Service writer ${name + 1} phone`} />
              </Form.Item>
              <Form.Item name={[name, 'email']} noStyle>
                <Input placeholder="Email" type="email" aria-label={`Service writer ${name + 1} email`} />
              </Form.Item>
              <Form.Item name={[name, 'isActive']} valuePropName="checked" noStyle>
                <Switch aria-label={`Service writer ${name + 1} active`} />
              </Form.Item>
              <Button
                icon={<DeleteOutlined />}
                aria-label={`Remove service writer ${name + 1}`}
                onClick={() => remove(name)}
              />
            </Space>
          ))}
          <Button icon={<PlusOutlined />} onClick={() => add({ isActive: true })}>
            Add Service Writer
          </Button>
        </Space>
      )}
    </Form.List>
  );
}

/** Traffic counts: a date and time with an integer count each. */
export function TrafficCountsField() {
  return (
    <Form.List name="trafficCounts">
      {(fields, { add, remove }) => (
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Typography.Text strong>Traffic Counts</Typography.Text>
          {fields.map(({ key, name }) => (
            <Space key={key} align="baseline">
              <Form.Item name={[name, 'trafficDateTime']} noStyle>
                <DatePicker
                  showTime={{ format: 'hh:mm A' }}
                  format="MM/DD/YYYY hh:mm A"
                  aria-label={`Traffic count ${name + 1} date and time`}
                />
              </Form.Item>
              <Form.Item name={[name, 'trafficCount']} noStyle>
                <InputNumber
                  min={0}
                  precision={0}
                  placeholder="Count"
                  aria-label={`Traffic count ${name + 1}`}
                />
              </Form.Item>
              <Button
                icon={<DeleteOutlined />}
                aria-label={`Remove traffic count ${name + 1}`}
                onClick={() => remove(name)}
              />
            </Space>
          ))}
          <Button icon={<PlusOutlined />} onClick={() => add({ trafficCount: 0 })}>
            Add Traffic Count
          </Button>
        </Space>
      )}
    </Form.List>
  );
}
