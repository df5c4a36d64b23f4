import type {
  DmsImport,
  DmsImportVehicles,
  DmsMappingBody,
  DmsPreviewResult,
  DmsUploadResult,
} from '@glass/domain/contracts';
import { http } from '../../api/http';

export interface ImportSettings {
  mapping: DmsMappingBody;
  defaultRepairCount: number;
}

/** The DMS import routes (apps/server/src/modules/dms-imports/README.md). */
export const dmsApi = {
  upload(file: File, facilityId: number): Promise<DmsUploadResult> {
    const form = new FormData();
    form.append('FacilityId', String(facilityId));
    form.append('File', file, file.name);
    return http.post<DmsUploadResult>('DmsImports', form);
  },
  preview: (id: number, body: ImportSettings) =>
    http.post<DmsPreviewResult>(`DmsImports/${id}/preview`, body),
  start: (id: number, body: ImportSettings) => http.post<DmsImport>(`DmsImports/${id}/start`, body),
  cancel: (id: number) => http.post<DmsImport>(`DmsImports/${id}/cancel`),
  resume: (id: number) => http.post<DmsImport>(`DmsImports/${id}/resume`),
  get: (id: number) => http.get<DmsImport>(`DmsImports/${id}`),
  vehicles: (id: number) => http.get<DmsImportVehicles>(`DmsImports/${id}/vehicles`),
  failedRows: (id: number) =>
    http.download(`DmsImports/${id}/failedRows`, `dms-import-${id}-failed-rows.csv`),
};

export const isActive = (imp: Pick<DmsImport, 'status'>) =>
  imp.status === 'queued' || imp.status === 'running';

/** 0–100 for the progress bar (the row count is known once the file has been previewed or read). */
export function percentDone(imp: DmsImport): number {
  if (imp.status === 'completed') return 100;
  if (!imp.totalRows) return 0;
  return Math.min(100, Math.floor((imp.rowsDone / imp.totalRows) * 100));
}

export const STATUS_LABEL: Record<DmsImport['status'], string> = {
  uploaded: 'Uploaded',
  queued: 'Queued',
  running: 'Importing',
  completed: 'Completed',
  failed: 'Failed',
  cancelled: 'Cancelled',
};
