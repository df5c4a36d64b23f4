import type { ODataField, ODataLookup, ODataType } from './types.js';

/** Shorthands for resource declarations: a filterable, sortable, selectable column. */
export const f = (sql: string, type: ODataType): ODataField => ({ sql, type });
/** A filterable, sortable, selectable column that is never null (ODataField.notNull): sorts need no NULLS clause. */
export const nn = (sql: string, type: ODataType): ODataField => ({ sql, type, notNull: true });
/** Output-only value (a name looked up by correlated subquery, evaluated for the page rows only). */
export const out = (sql: string, type: ODataType): ODataField => ({ sql, type, filter: false, sort: false });
/**
 * Output-only value looked up by a unique key: a correlated subquery where it must be one, a left join
 * after the page's limit where the page is built as named rows (cheaper than a subplan per row).
 */
export const lookup = (l: ODataLookup, type: ODataType): ODataField => ({
  ...out(`(select ${l.value} from ${l.from} x where x.${l.key} = ${l.on})`, type),
  lookup: l,
});
/** "First Last" of a user id expression, output only. */
export const userName = (idSql: string): ODataField =>
  lookup({ from: 'users', key: 'id', on: idSql, value: "x.first_name || ' ' || x.last_name" }, 'string');
