import { f, nn, out, userName } from '../../odata/fields.js';
import type { ODataResource } from '../../odata/types.js';

/** Activity log detail (spec 2 §3): id, activityLogId, param name, value; plus its log's headline. */
export const activityLogDetailsResource: ODataResource = {
  name: 'ActivityLogDetails',
  from: 'activity_log_details d',
  fields: {
    id: f('d.id', 'number'),
    activityLogId: nn('d.activity_log_id', 'number'),
    paramId: nn('d.param_id', 'number'),
    name: nn('d.name', 'string'),
    value: f('d.value', 'string'),
    'activityLog/activity': out(
      '(select x.activity from activity_logs x where x.id = d.activity_log_id)',
      'string',
    ),
    'activityLog/activityDate': out(
      '(select x.activity_date from activity_logs x where x.id = d.activity_log_id)',
      'datetime',
    ),
    'activityLog/userName': userName(
      '(select x.user_id from activity_logs x where x.id = d.activity_log_id)',
    ),
  },
  defaultOrderBy: 'd.activity_log_id desc, d.id',
  key: 'd.id',
  defaultTop: 100,
  maxTop: 1000,
};

const detailsChild: ODataResource = {
  name: 'details',
  from: 'activity_log_details dd',
  fields: {
    id: f('dd.id', 'number'),
    paramId: nn('dd.param_id', 'number'),
    name: nn('dd.name', 'string'),
    value: f('dd.value', 'string'),
  },
  defaultOrderBy: 'dd.id',
  key: 'dd.id',
  defaultTop: 200,
  maxTop: 200,
};

/** ActivityLog (spec 2 §3): id, activityDate, sessionId, user names, activity, activityType, details. */
export const activityLogsResource: ODataResource = {
  name: 'ActivityLogs',
  from: 'activity_logs l',
  fields: {
    id: f('l.id', 'number'),
    activityDate: nn('l.activity_date', 'datetime'),
    sessionId: f('l.session_id', 'number'),
    userId: f('l.user_id', 'number'),
    firstName: out('(select u.first_name from users u where u.id = l.user_id)', 'string'),
    lastName: out('(select u.last_name from users u where u.id = l.user_id)', 'string'),
    activity: nn('l.activity', 'string'),
    activityType: nn('l.activity_type', 'string'),
    recordType: f('l.record_type', 'string'),
    recordId: f('l.record_id', 'number'),
    clientIp: f('l.client_ip', 'string'),
  },
  expand: { details: { resource: detailsChild, on: 'dd.activity_log_id = l.id', many: true } },
  defaultOrderBy: 'l.activity_date desc',
  key: 'l.id',
  defaultTop: 20,
  maxTop: 500,
};
