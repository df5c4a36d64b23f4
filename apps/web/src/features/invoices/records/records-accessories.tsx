import { FAILED_TO_GET_WINDSHIELD_ACCESSORIES_LIST } from '@glass/domain/messages/admin';
import { Button, Popconfirm, Select, Space } from 'antd';
import { useState } from 'react';
import { recordsApi } from './records-api';
import { type SearchSource, useSearchSelect } from '../../../query/use-search-select';
import { type InvoiceAccessory, useInvoiceDetail } from '../documents/documents-api';
import { useRecordWrite } from './records-form';
import { QueryBody, RecordItem, RecordList } from './records-section';

/** Active accessories by Name ascending (spec 2 §7), searched on the server as the user types. */
const ACCESSORIES: SearchSource = { path: 'WindshieldAccessories', where: { isActive: true } };

/** The detail's accessories: add through PATCH {accessories}, remove through POST deleteAccessories. */
export function AccessoriesSection({ invoiceId, canWrite }: { invoiceId: number; canWrite: boolean }) {
  const detail = useInvoiceDetail(invoiceId);
  const write = useRecordWrite(invoiceId);
  const remove = (accessory: InvoiceAccessory) =>
    write(() => recordsApi.removeAccessory(invoiceId, accessory.accessoryId), 'Accessory removed');
  const accessories = detail.data?.accessories;
  return (
    <>
      {canWrite && <AddAccessory invoiceId={invoiceId} present={accessories ?? []} />}
      <QueryBody query={{ ...detail, data: accessories }} label="accessories" empty="No accessories.">
        {(rows) => (
          <RecordList label="Accessories">
            {rows.map((accessory) => (
              <RecordItem
                key={accessory.id}
                testId="invoice-accessory"
                title={accessory.name}
                actions={
                  canWrite && (
                    <Popconfirm
                      title={`Remove ${accessory.name}?`}
                      okText="Remove"
                      onConfirm={() => remove(accessory)}
                    >
                      <Button size="small" danger aria-label={`Remove ${accessory.name}`}>
                        Remove
                      </Button>
                    </Popconfirm>
                  )
                }
              />
            ))}
          </RecordList>
        )}
      </QueryBody>
    </>
  );
}

function AddAccessory({ invoiceId, present }: { invoiceId: number; present: InvoiceAccessory[] }) {
  const [chosen, setChosen] = useState<number[]>([]);
  const options = useSearchSelect(ACCESSORIES, chosen, {
    failure: FAILED_TO_GET_WINDSHIELD_ACCESSORIES_LIST,
  });
  const [busy, setBusy] = useState(false);
  const write = useRecordWrite(invoiceId);
  const taken = new Set(present.map((a) => a.accessoryId));
  const add = async () => {
    setBusy(true);
    const done = await write(() => recordsApi.addAccessories(invoiceId, chosen), 'Accessories added');
    setBusy(false);
    if (done) setChosen([]);
  };
  return (
    <Space wrap style={{ marginBottom: 12 }}>
      <Select
        mode="multiple"
        aria-label="Accessories to add"
        placeholder="Choose accessories"
        style={{ minWidth: 240, maxWidth: '100%' }}
        showSearch={{ filterOption: false, onSearch: options.onSearch }}
        // Choosing or closing clears the typed text (antd does): the next search starts from the first page.
        onOpenChange={(open) => open || options.onSearch('')}
        onSelect={() => options.onSearch('')}
        loading={options.isLoading}
        options={options.choices.filter((o) => !taken.has(o.value))}
        value={chosen}
        onChange={setChosen}
      />
      <Button type="primary" disabled={!chosen.length} loading={busy} onClick={add}>
        Add accessories
      </Button>
    </Space>
  );
}
