import { BRAND_LOOKUP } from '@glass/domain/resources/lookups';
import { Col, Form, Input, InputNumber, Row as GridRow } from 'antd';
import { fieldInput } from '../../resources/field-input';
import { LookupSelect } from '../../resources/lookup-select';
import { TimeZoneSelect } from './time-zone-select';

const TEXT = [
  ['code', 'Facility Number'],
  ['name', 'Name'],
  ['shortName', 'Short Name'],
  ['didPhone', 'Facility DID'],
  ['address', 'Address'],
  ['city', 'City'],
  ['zip', 'Zip'],
] as const;

/** The facility's own fields (spec 2 §3 "Facility"), labelled as the screen shows them. */
export function FacilityBasicFields() {
  return (
    <GridRow gutter={12}>
      {TEXT.map(([name, label]) => (
        <Col key={name} xs={24} sm={12}>
          <Form.Item name={name} label={label} required={['code', 'name', 'shortName'].includes(name)}>
            <Input aria-label={label} autoComplete="off" />
          </Form.Item>
        </Col>
      ))}
      <Col xs={24} sm={12}>
        <Form.Item name="state" label="State">
          {fieldInput({ name: 'state', label: 'State', widget: 'state' })}
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item name="brandId" label="Brand">
          <LookupSelect source={BRAND_LOOKUP} aria-label="Brand" />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item
          name="timeZone"
          label="Time Zone"
          tooltip="The zone of the dates printed on invoices and sent in texts and e-mails, daylight saving time included"
        >
          <TimeZoneSelect />
        </Form.Item>
      </Col>
      <Col xs={12} sm={6}>
        <Form.Item name="tzo" label="Time Zone Offset">
          <InputNumber precision={0} style={{ width: '100%' }} aria-label="Time Zone Offset" />
        </Form.Item>
      </Col>
      <Col xs={12} sm={6}>
        <Form.Item name="taxRate" label="Labor Tax Rate">
          <InputNumber
            min={0}
            max={1}
            step={0.0025}
            precision={4}
            style={{ width: '100%' }}
            aria-label="Labor Tax Rate"
          />
        </Form.Item>
      </Col>
      <Col xs={12} sm={6}>
        <Form.Item name="latitude" label="Latitude">
          <InputNumber style={{ width: '100%' }} aria-label="Latitude" />
        </Form.Item>
      </Col>
      <Col xs={12} sm={6}>
        <Form.Item name="longitude" label="Longitude">
          <InputNumber style={{ width: '100%' }} aria-label="Longitude" />
        </Form.Item>
      </Col>
    </GridRow>
  );
}
