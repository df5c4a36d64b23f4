import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Progress, Space } from 'antd';
import { Link } from 'react-router-dom';
import { showError } from '../../api/notices';
import { dmsImportKeys } from '../../query/query-keys';
import { dmsApi, isActive, percentDone, STATUS_LABEL } from './dms-api';
import { useImport } from './use-import-progress';

/** Step 4: the import running in the background, its progress bar, cancel, and what it did. */
export function ImportProgress({ id, onNew }: { id: number; onNew: () => void }) {
  const queryClient = useQueryClient();
  const { data: imp } = useImport(id);
  const done = imp?.status === 'completed';
  const vehicles = useQuery({
    queryKey: dmsImportKeys.vehicles(id),
    queryFn: () => dmsApi.vehicles(id),
    enabled: done,
  });
  if (!imp) return <p>Loading the import…</p>;
  const act = async (call: () => Promise<unknown>) => {
    try {
      queryClient.setQueryData(dmsImportKeys.detail(id), await call());
      await queryClient.invalidateQueries({ queryKey: dmsImportKeys.history });
    } catch (err) {
      showError(err);
    }
  };
  const counts = `${imp.created} created, ${imp.updated} updated, ${imp.unchanged} unchanged, ${imp.failed} failed`;
  return (
    <section aria-label="Import progress">
      <p>
        {imp.fileName} into {imp.facilityName}: <strong>{STATUS_LABEL[imp.status]}</strong>
      </p>
      <Progress
        percent={percentDone(imp)}
        status={imp.status === 'failed' ? 'exception' : done ? 'success' : 'active'}
        aria-label="Import progress"
      />
      <p role="status" aria-live="polite">
        {imp.rowsDone}
        {imp.totalRows !== null ? ` of ${imp.totalRows}` : ''} rows: {counts}
      </p>
      {imp.error ? <Alert type="error" showIcon title={imp.error} style={{ marginBottom: 8 }} /> : null}
      <Space wrap>
        {isActive(imp) ? (
          <Button danger disabled={imp.cancelRequested} onClick={() => act(() => dmsApi.cancel(id))}>
            {imp.cancelRequested ? 'Cancelling…' : 'Cancel import'}
          </Button>
        ) : null}
        {imp.status === 'cancelled' || imp.status === 'failed' ? (
          <Button onClick={() => act(() => dmsApi.resume(id))}>Resume</Button>
        ) : null}
        {imp.failed > 0 && !isActive(imp) ? (
          <Button onClick={() => dmsApi.failedRows(id).catch(showError)}>Download failed rows</Button>
        ) : null}
        {!isActive(imp) ? (
          <Button type="primary" onClick={onNew}>
            New import
          </Button>
        ) : null}
      </Space>
      {done && vehicles.data?.length ? (
        <nav aria-label="Imported service vehicles" style={{ marginTop: 12 }}>
          <p style={{ margin: '0 0 4px' }}>Service vehicles of this import:</p>
          <ul className="dms-vehicles">
            {vehicles.data.map((v) => (
              <li key={v.id}>
                <Link to={`/service-vehicles/${v.id}`}>RO {v.roNumber}</Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </section>
  );
}
