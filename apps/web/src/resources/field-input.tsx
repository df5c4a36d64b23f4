import { US_STATES } from '@glass/domain/us-states';
import type { FormFieldDef } from '@glass/domain/resources/define';
import { Input, InputNumber, Switch } from 'antd';
import type { ReactNode } from 'react';
import { SearchSelect } from '../ui/search-select';
import { LookupSelect } from './lookup-select';

const STATE_OPTIONS = US_STATES.map((s) => ({ value: s.code, label: `${s.code} - ${s.name}` }));

const FULL = { width: '100%' };

/** The antd control of a declared widget. `id` ties it to its label for screen readers. */
export function fieldInput(field: FormFieldDef, extra: { id?: string } = {}): ReactNode {
  const aria = { 'aria-label': field.label, ...extra };
  switch (field.widget) {
    case 'textarea':
      return <Input.TextArea rows={4} {...aria} />;
    case 'number':
      return <InputNumber style={{ width: '100%' }} {...aria} />;
    case 'money':
      return <InputNumber style={{ width: '100%' }} min={0} precision={2} prefix="$" {...aria} />;
    case 'switch':
      return <Switch {...aria} />;
    case 'password':
      return <Input.Password autoComplete="new-password" {...aria} />;
    case 'email':
      return <Input type="email" autoComplete="off" {...aria} />;
    case 'phone':
      return <Input type="tel" inputMode="tel" {...aria} />;
    // Every select is the one drop-down (ui/SearchSelect): type to search, the keys, the same look.
    case 'state':
      return <SearchSelect<string> allowClear options={STATE_OPTIONS} style={FULL} {...aria} />;
    case 'select':
      return (
        <SearchSelect<string | number> allowClear options={field.options ?? []} style={FULL} {...aria} />
      );
    case 'lookup':
      return field.lookup ? <LookupSelect source={field.lookup} style={FULL} {...aria} /> : null;
    default:
      return <Input autoComplete="off" {...aria} />;
  }
}
