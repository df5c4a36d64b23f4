import { PHONE_SEARCH_FAILED, SEARCH_FAILED, SEARCH_RESULTS_FOUND } from '@glass/domain/messages/search';
import { Button, Drawer, Form, Input, Space } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { toastError, toastSuccess } from '../../api/notices';
import { type SearchQuery, searchApi } from '../../api/search-api';
import type { SearchResult } from '@glass/domain/contracts';
import { useSessionState } from '../../api/use-session';
import { useDrawerSize } from '../../ui/use-narrow';
import { invoicePath, serviceVehiclePath } from './record-columns';
import { SearchResultsModal } from './search-results-modal';
import { SearchSelect } from '../../ui/search-select';

type Fields = Omit<SearchQuery, 'facilityId'> & { facilityId?: number | null };
const TEXT_FIELDS: Array<{ name: Exclude<keyof Fields, 'facilityId' | 'roNumber'>; label: string }> = [
  { name: 'phone', label: 'Phone' },
  { name: 'firstName', label: 'First Name' },
  { name: 'lastName', label: 'Last Name' },
  { name: 'vin', label: 'VIN' },
  { name: 'licenseTag', label: 'License Tag' },
];
const ID_FIELDS: Array<{ name: 'invoiceId' | 'referenceNumber'; label: string }> = [
  { name: 'invoiceId', label: 'Invoice Id' },
  { name: 'referenceNumber', label: 'Reference Number' },
];

function toQuery(values: Fields): SearchQuery {
  const query: SearchQuery = {};
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined || value === null) continue;
    const text = typeof value === 'string' ? value.trim() : value;
    if (text !== '') (query as Record<string, unknown>)[key] = text;
  }
  // The RO number only means something within a facility (spec 1 §5).
  if (query.facilityId === undefined) delete query.roNumber;
  return query;
}

/** Global Search drawer (spec 1 §2, §5 "Global search"). */
export function GlobalSearchDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { facilities } = useSessionState();
  const navigate = useNavigate();
  const [form] = Form.useForm<Fields>();
  const values = Form.useWatch([], form) ?? {};
  const [searching, setSearching] = useState(false);
  const [result, setResult] = useState<SearchResult | null>(null);
  const size = useDrawerSize(420);
  const query = toQuery(values);
  const hasFacility = values.facilityId !== undefined && values.facilityId !== null;

  const openRecord = (path: string) => {
    setResult(null);
    onClose();
    navigate(path);
  };

  const search = async () => {
    setSearching(true);
    try {
      const found = await searchApi.search(query);
      const total = found.invoices.length + found.serviceVehicles.length;
      if (total > 0) toastSuccess(SEARCH_RESULTS_FOUND);
      // Exactly one result opens that record directly; otherwise the modal lists them, even none.
      if (total === 1) {
        const invoice = found.invoices[0];
        openRecord(invoice ? invoicePath(invoice.id) : serviceVehiclePath(found.serviceVehicles[0].id));
      } else setResult(found);
    } catch {
      toastError(query.phone ? PHONE_SEARCH_FAILED : SEARCH_FAILED);
    } finally {
      setSearching(false);
    }
  };

  return (
    <Drawer title="Search" placement="right" size={size} open={open} onClose={onClose}>
      <Form<Fields>
        form={form}
        layout="vertical"
        onFinish={() => void search()}
        onValuesChange={(changed: Partial<Fields>) => {
          if ('facilityId' in changed && changed.facilityId == null)
            form.setFieldValue('roNumber', undefined);
        }}
      >
        {TEXT_FIELDS.map((field) => (
          <Form.Item key={field.name} name={field.name} label={field.label}>
            <Input inputMode={field.name === 'phone' ? 'tel' : undefined} allowClear />
          </Form.Item>
        ))}
        <Form.Item name="facilityId" label="Facility">
          <SearchSelect<number>
            allowClear
            style={{ width: '100%' }}
            options={facilities.map((facility) => ({ value: facility.id, label: facility.name }))}
          />
        </Form.Item>
        <Form.Item
          name="roNumber"
          label="RO Number"
          extra={hasFacility ? undefined : 'Choose a facility first.'}
        >
          <Input disabled={!hasFacility} allowClear />
        </Form.Item>
        {ID_FIELDS.map((field) => (
          <Form.Item key={field.name} name={field.name} label={field.label}>
            <Input allowClear />
          </Form.Item>
        ))}
        <Space>
          <Button
            type="primary"
            htmlType="submit"
            loading={searching}
            disabled={Object.keys(query).length === 0}
          >
            Search
          </Button>
          <Button onClick={() => form.resetFields()}>Clear</Button>
        </Space>
      </Form>
      <SearchResultsModal result={result} onOpen={openRecord} onClose={() => setResult(null)} />
    </Drawer>
  );
}
