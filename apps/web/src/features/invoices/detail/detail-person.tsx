import { PHONE_TYPE_OPTIONS_LAND_LINE, US_STATES } from '@glass/domain/enums';
import { Checkbox, Form, Input, Select } from 'antd';
import { Section } from '../../../ui/section';
import { PhoneLink } from '../../phone';
import type { InvoicePerson } from '../invoice-api';
import { personPatch } from '@glass/domain/contracts/invoices';
import { limitsOf } from '../../../ui/zod-rule';
import { formatPhone } from '../../../ui/phone';
import { SearchSelect } from '../../../ui/search-select';

/** The address fields of the contract's customer/buyer patch (their limits). */
const ADDRESS = personPatch.shape.address.unwrap().shape;

/** A customer or buyer as the form holds it (text as typed; the PATCH trims and blanks to null). */
export interface PersonValues {
  id: number;
  firstName: string;
  lastName: string;
  companyName: string;
  primaryPhone: { phone: string; phoneTypeId: number };
  secondaryPhone: { phone: string; phoneTypeId: number };
  doNotCall: boolean;
  doNotText: boolean;
  email: string;
  doNotEmail: boolean;
  address: { line1: string; line2: string; city: string; state: string | null; zip: string };
}

const s = (v: string | null | undefined) => v ?? '';

export function personValues(p: InvoicePerson | null): PersonValues | null {
  if (!p) return null;
  return {
    id: p.id,
    firstName: s(p.firstName),
    lastName: s(p.lastName),
    companyName: s(p.companyName),
    primaryPhone: {
      phone: formatPhone(p.primaryPhone?.phone),
      phoneTypeId: p.primaryPhone?.phoneTypeId ?? -1,
    },
    secondaryPhone: {
      phone: formatPhone(p.secondaryPhone?.phone),
      phoneTypeId: p.secondaryPhone?.phoneTypeId ?? -1,
    },
    doNotCall: p.doNotCall,
    doNotText: p.doNotText,
    email: s(p.email),
    doNotEmail: p.doNotEmail,
    address: {
      line1: s(p.address?.line1),
      line2: s(p.address?.line2),
      city: s(p.address?.city),
      state: p.address?.state || null,
      zip: s(p.address?.zip),
    },
  };
}

const phoneTypes = [
  { value: -1, label: 'Unlabelled' },
  ...PHONE_TYPE_OPTIONS_LAND_LINE.map((o) => ({ value: o.value as number, label: o.label })),
];
export const stateOptions = US_STATES.map((st) => ({ value: st.code, label: `${st.code} — ${st.name}` }));
const phoneRule = {
  validator: (_: unknown, value: string) =>
    !value || /^\d{7,15}$/.test(value.replace(/\D/g, ''))
      ? Promise.resolve()
      : Promise.reject(new Error('Phone must have 7 to 15 digits')),
};

/** The editable fields of the invoice's customer or buyer (form name `which`). */
export function PersonFields({
  which: role,
  title,
  person,
}: {
  which: 'customer' | 'buyer';
  title: string;
  person: InvoicePerson | null;
}) {
  if (!person) {
    return (
      <Section id={role} title={title}>
        <p>No {role} on this invoice.</p>
      </Section>
    );
  }
  const label = (text: string) => `${title} ${text.toLowerCase()}`;
  const phone = (key: 'primaryPhone' | 'secondaryPhone', text: string) => (
    <div className="inv-phone">
      <Form.Item
        name={[role, key, 'phone']}
        label={text}
        rules={[phoneRule]}
        extra={<PhoneLink phone={person[key]?.phone} typeId={person[key]?.phoneTypeId} />}
      >
        <Input aria-label={label(text)} inputMode="tel" maxLength={20} />
      </Form.Item>
      <Form.Item name={[role, key, 'phoneTypeId']} label="Type">
        <Select aria-label={label(`${text} type`)} options={phoneTypes} />
      </Form.Item>
    </div>
  );
  return (
    <Section id={role} title={title}>
      <div className="sv-form-grid">
        <Form.Item name={[role, 'firstName']} label="First name">
          <Input
            aria-label={label('First name')}
            maxLength={limitsOf(personPatch.shape.firstName).maxLength}
          />
        </Form.Item>
        <Form.Item name={[role, 'lastName']} label="Last name">
          <Input aria-label={label('Last name')} maxLength={limitsOf(personPatch.shape.lastName).maxLength} />
        </Form.Item>
        <Form.Item name={[role, 'companyName']} label="Company">
          <Input
            aria-label={label('Company')}
            maxLength={limitsOf(personPatch.shape.companyName).maxLength}
          />
        </Form.Item>
        {phone('primaryPhone', 'Primary phone')}
        {phone('secondaryPhone', 'Secondary phone')}
        <Form.Item
          name={[role, 'email']}
          label="E-mail"
          rules={[{ type: 'email', message: 'Not a valid e-mail address' }]}
        >
          <Input aria-label={label('E-mail')} type="email" maxLength={200} />
        </Form.Item>
      </div>
      <div className="sv-actions inv-flags">
        <Form.Item name={[role, 'doNotCall']} valuePropName="checked" noStyle>
          <Checkbox>Do not call</Checkbox>
        </Form.Item>
        <Form.Item name={[role, 'doNotText']} valuePropName="checked" noStyle>
          <Checkbox>Do not text</Checkbox>
        </Form.Item>
        <Form.Item name={[role, 'doNotEmail']} valuePropName="checked" noStyle>
          <Checkbox>Do not e-mail</Checkbox>
        </Form.Item>
      </div>
      <div className="sv-form-grid">
        <Form.Item name={[role, 'address', 'line1']} label="Address">
          <Input aria-label={label('Address')} maxLength={limitsOf(ADDRESS.line1).maxLength} />
        </Form.Item>
        <Form.Item name={[role, 'address', 'line2']} label="Address line 2">
          <Input aria-label={label('Address line 2')} maxLength={limitsOf(ADDRESS.line2).maxLength} />
        </Form.Item>
        <Form.Item name={[role, 'address', 'city']} label="City">
          <Input aria-label={label('City')} maxLength={limitsOf(ADDRESS.city).maxLength} />
        </Form.Item>
        <Form.Item name={[role, 'address', 'state']} label="State">
          <SearchSelect<string>
            aria-label={label('State')}
            allowClear
            style={{ width: '100%' }}
            options={stateOptions}
          />
        </Form.Item>
        <Form.Item
          name={[role, 'address', 'zip']}
          label="Zip"
          rules={[{ pattern: /^\d{5}(-\d{4})?$/, message: 'Zip must be 5 digits' }]}
        >
          <Input aria-label={label('Zip')} inputMode="numeric" maxLength={10} />
        </Form.Item>
      </div>
    </Section>
  );
}
