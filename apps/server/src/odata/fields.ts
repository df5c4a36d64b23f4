import type { ODataField, ODataType } from './types.js';

/** Shorthands for resource declarations: a filterable, sortable, selectable column. */
export const f = (sql: string, type: ODataType): ODataField => ({ sql, type });
/** Output-only value (a name looked up by correlated subquery, evaluated for the page rows only). */
export const out = (sql: string, type: ODataType): ODataField => ({ sql, type, filter: false, sort: false });
/** "First Last" of a user id expression, output only. */
export const userName = (idSql: string): ODataField =>
  out(`(select u.first_name || ' ' || u.last_name from users u where u.id = ${idSql})`, 'string');
