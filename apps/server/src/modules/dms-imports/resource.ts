import { f, nn, out } from '../../odata/fields.js';
import type { ODataResource } from '../../odata/types.js';

/** GET /api/DmsImports: the import history (who, when, file, facility, counts), newest first. */
export const dmsImportsResource: ODataResource = {
  name: 'DmsImports',
  from: `dms_imports d left join facilities df on df.id = d.facility_id left join users du on du.id = d.user_id`,
  fields: {
    id: nn('d.id', 'number'),
    facilityId: nn('d.facility_id', 'number'),
    facilityName: f('df.name', 'string'),
    user: out(
      `case when du.id is not null then json_build_object('id', du.id, 'name', du.first_name || ' ' || du.last_name) end`,
      'string',
    ),
    userId: { ...f('d.user_id', 'number'), select: false },
    fileName: nn('d.file_name', 'string'),
    fileSize: nn('d.file_size', 'number'),
    format: nn('d.format', 'string'),
    status: nn('d.status', 'string'),
    headers: out('d.headers', 'string'),
    mapping: out('d.mapping', 'string'),
    defaultRepairCount: nn('d.default_repair_count', 'number'),
    totalRows: f('d.total_rows', 'number'),
    rowsDone: nn('d.rows_done', 'number'),
    created: nn('d.created_count', 'number'),
    updated: nn('d.updated_count', 'number'),
    unchanged: nn('d.unchanged_count', 'number'),
    failed: nn('d.failed_count', 'number'),
    error: out('d.error', 'string'),
    cancelRequested: nn('d.cancel_requested', 'boolean'),
    createdAt: nn('d.created_at', 'datetime'),
    startedAt: f('d.started_at', 'datetime'),
    finishedAt: f('d.finished_at', 'datetime'),
  },
  defaultOrderBy: 'd.id desc',
  key: 'd.id',
  defaultTop: 25,
  maxTop: 100,
  search: ['fileName', 'facilityName'],
};
