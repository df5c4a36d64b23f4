import { http, type ODataPage } from '../../api/http';

import type { CreatedInvoice } from '@glass/domain/contracts/invoices';
import type {
  MyPipeline,
  MyServiceVehicles,
  PipelineStage,
  QuickQuote,
  QuickQuoteLists,
  SvSources,
  QuickQuotePart,
  SvAccessory,
  SvCreateRequest,
  SvDetail,
  SvHistoryRow,
  SvListRow as ContractListRow,
} from '@glass/domain/contracts/service-vehicles';

/**
 * The answers are the contract's (packages/domain/src/contracts/service-vehicles.ts), which the API
 * tests parse every answer with.
 */
export type {
  QuickQuote,
  QuickQuotePart,
  SvAccessory,
  SvDetail,
  SvHistoryEntry,
  SvImages,
  SvRepair,
  SvUserRef,
} from '@glass/domain/contracts/service-vehicles';

/** Any of a contract row's fields (a row built from a detail has fewer), nested groups in part. */
type Loose<T> = {
  [K in keyof T]?: T[K] extends object | null
    ? { [P in keyof NonNullable<T[K]>]?: NonNullable<T[K]>[P] | null } | null
    : T[K] | null;
};
/** A row of GET /api/ServiceVehicles and of the My lists (My Requests add the latest `request`). */
export type SvListRow = Loose<ContractListRow> & {
  id: number;
  request?: MyServiceVehicles['items'][number]['request'];
};
/** A phone of the detail's customer. */
export type SvPhone = NonNullable<SvDetail['customer']>['contact']['primaryPhone'];
/** What the New Service Vehicle form sends (POST /api/ServiceVehicle). */
export type CreateSvInput = SvCreateRequest;
type SvHistoryListEntry = SvHistoryRow;

export interface MyListQuery {
  TZO: number;
  skip: number;
  take: number;
  filterType?: string;
  search?: string;
  repair: boolean;
  replacement: boolean;
  recordId?: number;
}

/** Spec: TZO is the browser's offset in minutes, as Date#getTimezoneOffset gives it (300 for UTC-5). */
export const browserTzo = () => new Date().getTimezoneOffset();

export const svApi = {
  listMine: (kind: 'vehicles' | 'requests', query: MyListQuery) =>
    http.get<{ items: SvListRow[]; total: MyServiceVehicles['total'] }>(
      kind === 'vehicles' ? 'listMyServiceVehicles' : 'listMyRequests',
      { query: { ...query } },
    ),
  /** My Pipeline: one stage (or every one) with its total and a page of rows (docs/decisions/0018). */
  pipeline: (query: Omit<MyListQuery, 'filterType' | 'recordId'> & { stage?: PipelineStage }) =>
    http.get<MyPipeline>('listMyPipeline', { query: { ...query } }),
  sources: () => http.get<SvSources>('ServiceVehicle/Sources'),
  create: (input: CreateSvInput) => http.post<SvDetail>('ServiceVehicle', input),
  detail: (id: number) => http.get<SvDetail>(`ServiceVehicle/${id}`),
  accessories: (id: number) => http.get<SvAccessory[]>(`ServiceVehicle/Accessories/${id}`),
  edit: (id: number, form: FormData) => http.put<SvDetail>(`ServiceVehicle/${id}`, form),
  patch: (id: number, body: Record<string, unknown>) => http.patch<SvDetail>(`ServiceVehicles/${id}`, body),
  action: (id: number, path: string) => http.put<SvDetail>(`ServiceVehicle/${id}/${path}`),
  thumb: (id: number, thumb: 1 | -1 | 0) => http.post<SvDetail>(`ServiceVehicle/${id}/thumb`, { thumb }),
  history: (id: number) =>
    http.get<ODataPage<SvHistoryListEntry>>('ServiceVehicleHistory', { query: { ServiceVehicleId: id } }),
  /** The vehicle's quick quotes, newest first (an OData page; a vehicle has a handful). */
  quickQuotes: async (id: number) =>
    (await http.get<ODataPage<QuickQuote>>('QuickQuotes', { query: { ServiceVehicleId: id } })).value,
  addQuickQuote: (body: { serviceVehicleId: number; quote1: QuickQuotePart; quote2: QuickQuotePart }) =>
    http.post<QuickQuote>('QuickQuotes', body),
  updateQuickQuote: (id: number, body: { quote1: QuickQuotePart; quote2: QuickQuotePart }) =>
    http.put<QuickQuote>(`QuickQuotes/${id}`, body),
  quickQuoteLists: () => http.get<QuickQuoteLists>('QuickQuotes/Lists'),
  createInvoice: (id: number) => http.post<CreatedInvoice>(`Invoices/createInvoiceFromServiceVehicle/${id}`),
};
