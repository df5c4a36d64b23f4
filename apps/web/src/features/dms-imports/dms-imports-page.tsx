import type { DmsUploadResult } from '@glass/domain/contracts';
import { Steps } from 'antd';
import { useState } from 'react';
import { useDocumentTitle } from '../../shell/document-title';
import { ScreenFrame } from '../../ui/screen-frame';
import { Section } from '../../ui/section';
import { ImportHistory } from './import-history';
import { ImportProgress } from './import-progress';
import { MappingStep } from './mapping-step';
import { UploadStep } from './upload-step';
import { useImportEvents } from './use-import-progress';
import './dms-imports.css';

/**
 * /dms-imports (spec 2 §2; issue #23): a dealer's export becomes service vehicles (source 6 'DMS import').
 * Upload → map columns → preview → import in the background with live progress; the history below.
 */
export function DmsImportsPage() {
  useDocumentTitle('DMS Imports');
  useImportEvents();
  const [upload, setUpload] = useState<DmsUploadResult | null>(null);
  const [openId, setOpenId] = useState<number | null>(null);
  const step = openId !== null ? 2 : upload ? 1 : 0;
  const reset = () => {
    setUpload(null);
    setOpenId(null);
  };
  return (
    <ScreenFrame title="DMS Imports" style={{ minWidth: 0 }}>
      <Section id="dms-new-import" title={openId !== null ? `Import ${openId}` : 'New import'}>
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
      <Section id="dms-history" title="Import history">
        <ImportHistory onOpen={setOpenId} />
      </Section>
    </ScreenFrame>
  );
}
