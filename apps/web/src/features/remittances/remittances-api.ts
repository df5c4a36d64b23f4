import type {
  RemittanceExceptionsPage,
  RemittanceImport,
  RemittanceLine,
  RemittanceMappingBody,
  RemittancePreviewResult,
  RemittanceUploadResult,
} from '@glass/domain/contracts/remittances';
import { http } from '../../api/http';

/** The remittance routes (apps/server/src/modules/remittances/README.md). */
export const remittancesApi = {
  upload(file: File, clearingHouseId: number | undefined): Promise<RemittanceUploadResult> {
    const form = new FormData();
    if (clearingHouseId) form.append('ClearingHouseId', String(clearingHouseId));
    form.append('File', file, file.name);
    return http.post<RemittanceUploadResult>('Remittances', form);
  },
  preview: (id: number, mapping: RemittanceMappingBody) =>
    http.post<RemittancePreviewResult>(`Remittances/${id}/preview`, { mapping }),
  start: (id: number, mapping: RemittanceMappingBody) =>
    http.post<RemittanceImport>(`Remittances/${id}/start`, { mapping }),
  get: (id: number) => http.get<RemittanceImport>(`Remittances/${id}`),
  list: () => http.get<RemittanceImport[]>('Remittances'),
  exceptions: (outcome: 'Exception' | 'ShortPaid', page: number, pageSize: number) =>
    http.get<RemittanceExceptionsPage>('RemittanceExceptions', { query: { outcome, page, pageSize } }),
  confirm: (lineId: number) => http.post<RemittanceLine>(`RemittanceLines/${lineId}/confirm`, {}),
  reassign: (lineId: number, invoiceId: number) =>
    http.post<RemittanceLine>(`RemittanceLines/${lineId}/reassign`, { invoiceId }),
  dismiss: (lineId: number, reason: string) =>
    http.post<RemittanceLine>(`RemittanceLines/${lineId}/dismiss`, { reason }),
};

export const isActive = (imp: Pick<RemittanceImport, 'state'>) =>
  imp.state === 'queued' || imp.state === 'running';

/** 0–100 for the progress bar. */
export function percentDone(imp: RemittanceImport): number {
  if (imp.state === 'completed') return 100;
  if (!imp.rowsTotal) return 0;
  return Math.min(100, Math.floor((imp.rowsDone / imp.rowsTotal) * 100));
}

export const STATE_LABEL: Record<RemittanceImport['state'], string> = {
  uploaded: 'Uploaded',
  queued: 'Queued',
  running: 'Importing',
  completed: 'Completed',
  failed: 'Failed',
};

export const FAILED_TO_GET_REMITTANCES = 'Failed to get Remittances';
export const FAILED_TO_GET_REMITTANCE_EXCEPTIONS = 'Failed to get the remittance exceptions';
