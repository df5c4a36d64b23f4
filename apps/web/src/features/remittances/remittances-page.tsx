import type { RemittanceUploadResult } from '@glass/domain/contracts/remittances';
import { Steps, Tabs } from 'antd';
import { useState } from 'react';
import { useDocumentTitle } from '../../shell/document-title';
import { ScreenFrame } from '../../ui/screen-frame';
import { Section } from '../../ui/section';
import { ExceptionsQueue } from './exceptions-queue';
import { ImportHistory } from './import-history';
import { ImportProgress } from './import-progress';
import { MappingStep } from './mapping-step';
import { UploadStep } from './upload-step';
import { useRemittanceEvents } from './use-remittance';
import './remittances.css';

/**
 * /remittances (issue #35 item 4): an insurer's or clearing house's payment file is uploaded, mapped, previewed
 * and imported in the background (each line matched and funded, short-paid or queued); the history below. The
 * Exceptions tab works the lines left to match by hand.
 */
export function RemittancesPage() {
  useDocumentTitle('Remittances');
  useRemittanceEvents();
  const [tab, setTab] = useState('import');
  const [upload, setUpload] = useState<RemittanceUploadResult | null>(null);
  const [openId, setOpenId] = useState<number | null>(null);
  const step = openId !== null ? 2 : upload ? 1 : 0;
  const reset = () => {
    setUpload(null);
    setOpenId(null);
  };
  const importTab = (
    <>
      <Section id="rmt-new-import" title={openId !== null ? `Import ${openId}` : 'New import'}>
        <Steps
          size="small"
          current={step}
          style={{ marginBottom: 16 }}
          items={[{ title: 'Upload' }, { title: 'Map and preview' }, { title: 'Import' }]}
        />
        {openId !== null ? (
          <ImportProgress id={openId} onNew={reset} />
        ) : upload ? (
          <MappingStep upload={upload} onBack={reset} onStarted={(imp) => setOpenId(imp.id)} />
        ) : (
          <UploadStep onUploaded={setUpload} />
        )}
      </Section>
      <Section id="rmt-history" title="Import history">
        <ImportHistory onOpen={setOpenId} />
      </Section>
    </>
  );
  return (
    <ScreenFrame title="Remittances" style={{ minWidth: 0 }}>
      <Tabs
        activeKey={tab}
        onChange={setTab}
        destroyOnHidden
        items={[
          { key: 'import', label: 'Import', children: importTab },
          { key: 'exceptions', label: 'Exceptions', children: <ExceptionsQueue /> },
        ]}
      />
    </ScreenFrame>
  );
}
