import type { RemittanceImport } from '@glass/domain/contracts/remittances';
import { Alert, Button, Descriptions, Progress } from 'antd';
import { Money } from '../../ui/money';
import { isActive, percentDone, STATE_LABEL } from './remittances-api';
import { useRemittance } from './use-remittance';

/** What an import did: funded, short-paid, exceptions, duplicates, the sums. */
export function ImportCounts({ imp }: { imp: RemittanceImport }) {
  return (
    <Descriptions
      size="small"
      bordered
      column={{ xs: 1, sm: 2, md: 3 }}
      aria-label="Import result"
      items={[
        { key: 'funded', label: 'Funded', children: imp.fundedCount },
        { key: 'short', label: 'Short-paid', children: imp.shortPaidCount },
        { key: 'exceptions', label: 'Exceptions', children: imp.exceptionCount },
        { key: 'duplicates', label: 'Duplicates', children: imp.duplicateCount },
        { key: 'paid', label: 'Total paid', children: <Money cents={imp.totalPaidCents} /> },
        { key: 'fundedCents', label: 'Funded amount', children: <Money cents={imp.fundedCents} /> },
      ]}
    />
  );
}

/** Step 3: the import running in the background, its progress, then its counts. */
export function ImportProgress({ id, onNew }: { id: number; onNew: () => void }) {
  const { data: imp } = useRemittance(id);
  if (!imp) return <p>Loading the import…</p>;
  const done = imp.state === 'completed';
  return (
    <section aria-label="Import progress">
      <p>
        {imp.fileName}
        {imp.clearingHouseName ? ` from ${imp.clearingHouseName}` : ''}:{' '}
        <strong>{STATE_LABEL[imp.state]}</strong>
      </p>
      <Progress
        percent={percentDone(imp)}
        status={imp.state === 'failed' ? 'exception' : done ? 'success' : 'active'}
        aria-label="Import progress"
      />
      <p role="status" aria-live="polite">
        {imp.rowsDone}
        {imp.rowsTotal !== null ? ` of ${imp.rowsTotal}` : ''} lines read
      </p>
      {imp.error ? <Alert type="error" showIcon title={imp.error} style={{ marginBottom: 8 }} /> : null}
      <ImportCounts imp={imp} />
      {!isActive(imp) ? (
        <Button type="primary" onClick={onNew} style={{ marginTop: 12 }}>
          New import
        </Button>
      ) : null}
    </section>
  );
}
