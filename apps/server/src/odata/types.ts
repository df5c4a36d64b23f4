import type { SQL } from 'drizzle-orm';
import type { CopiedPage, PartitionedPage } from './render-list.js';

/** The value types a field can have; they decide which literals it may be compared with. */
export type ODataType = 'string' | 'number' | 'boolean' | 'date' | 'datetime' | 'guid';

/**
 * One whitelisted property. `sql` is a trusted SQL expression (e.g. "sv.repair_count").
 * The flags default to true. A `datetime` field must be a `timestamptz` expression so that
 * literals (cast to timestamptz) compare without casting the column (index use).
 */
export interface ODataField {
  sql: string;
  type: ODataType;
  filter?: boolean;
  sort?: boolean;
  select?: boolean;
  /**
   * The value is never null (a NOT NULL column of the list's base table, or an expression that cannot be
   * null). Ordering by it then needs no NULLS clause, so a plain btree index serves it. Undeclared, the
   * field may be null, and its sort places nulls as OData says: first ascending, last descending.
   * The resource's key columns count as never null.
   */
  notNull?: boolean;
  /**
   * An output-only name looked up in another table by a unique key (`lookup()` in fields.ts). `sql` is
   * then the same lookup as a correlated subquery; pages built as named rows join instead (render-list.ts).
   */
  lookup?: ODataLookup;
  /**
   * For a computed field with a few values (a priority): trusted conditions, each true exactly on the rows
   * where the field is `value`, disjoint and together covering every row. A root list ordered first by
   * the field is then read value by value while its page is not full, each from an index that holds the
   * condition, instead of computing and sorting the field on every row (renderPartitioned).
   */
  partition?: { value: number; when: string }[];
  /**
   * A list ordered first by this field may be read part by part (renderSplit): a never-null boolean by its
   * two values, a nullable field by null and not null, in the order the sort places them; leading split
   * fields combine (lost, then followUpAt). Each part's read then has equality conditions on the index's
   * leading columns, so a range on a later column (a date window) is an index range instead of a walk
   * past every row the window excludes. For fields with few values that lead a list's usual order.
   */
  split?: boolean;
}

/** `value` (over the alias `x`) of the row of `from` whose unique column `key` equals `on` (over the resource). */
export interface ODataLookup {
  from: string;
  key: string;
  on: string;
  value: string;
}

export interface ODataExpand {
  resource: ODataResource;
  /** Trusted SQL condition correlating child to parent alias. The aliases of both must differ. */
  on: string;
  many: boolean;
}

export interface ODataResource {
  name: string;
  /** Trusted: "service_vehicles sv left join facilities f on f.id = sv.facility_id". */
  from: string;
  /** Trusted fixed condition always applied. */
  where?: string;
  /** Keys are OData property paths ("id", "vehicle/year"), matched case-insensitively. */
  fields: Record<string, ODataField>;
  expand?: Record<string, ODataExpand>;
  /** Trusted SQL, e.g. "sv.id desc". */
  defaultOrderBy: string;
  /** Trusted SQL of the key (may be a comma list), the last tiebreak for stable paging. */
  key: string;
  defaultTop: number;
  maxTop: number;
  /**
   * Field keys `$search` looks in: each term must occur (case-insensitively) in one of them. Without it,
   * `$search` is answered 501 Not Implemented.
   */
  search?: string[];
  /**
   * A narrow copy of the list's table, kept by the database (triggers), that the fragment searches read
   * instead (README "Search copy"). `from` is trusted SQL under the same alias, with the same column names, as
   * `from`; `fields` are the keys whose `sql` it can evaluate. A root list whose filter or `$search` matches
   * fragments, reads only these fields, sorts only by them (or the key) and has no other condition (no `where`,
   * no route scoping) is counted and ordered there; only the page's rows are read from `from`, by key.
   */
  searchCopy?: { from: string; fields: string[] };
  /**
   * Tables of value counts, by field key (README "Value counts"): trusted SQL of a table under the same alias,
   * with the field's column under the same name (nulls included) and in column `n` how many of the list's rows
   * hold that value; a value may have several rows, which add up. A root list with no condition besides its
   * filter and search, whose filter and search read only that field, is counted there: the sum of `n` over the
   * values that meet them. For fields whose values repeat (names), where it is a pass over the distinct values
   * instead of the rows.
   */
  valueCounts?: Record<string, string>;
}

export interface CompiledQuery {
  /** One row, columns `json` (text of the JSON array of the page) and `n` (rows in the page). */
  dataSql: SQL;
  /** One row, column `count`; present when `$count=true`. */
  countSql?: SQL;
  /** Rows of this page (the LIMIT): at most the page size, and at most `$top`. */
  top: number;
  /** The request's `$top` (rows the client wants from here on, over every next link), or undefined. */
  limit?: number;
  /** Rows before this page: `$skip`, or the position a `$skiptoken` names. */
  skip: number;
  /**
   * The `$skiptoken` of the next page, from the sort values of this page's last row (the data row's `last`
   * column, a JSON array of texts). Absent when the list pages by `$skip` (keyset.ts keysetTerms).
   */
  nextToken?: (last: (string | null)[]) => string;
  /**
   * Where the last row's sort values are: properties of the rows' JSON objects with these names, or (when
   * absent) the data row's `last` column.
   */
  sortKeys?: string[];
  /** The faster way to the same page when it is ordered first by a partitioned field (run.ts uses it). */
  partitioned?: PartitionedPage;
  /** A fragment search answered from the resource's search copy: the page's keys there, then their rows. */
  copied?: CopiedPage;
}

export interface CompileOptions {
  /** Route-level scoping (role, user), ANDed with everything else. */
  extraWhere?: SQL;
  /** The client's `Prefer: odata.maxpagesize` (query-options.ts preferredPageSize); capped at the list's maxTop. */
  maxPageSize?: number;
}

export interface RunOptions extends CompileOptions {
  /** The request path, used for `@odata.nextLink`. */
  baseUrl: string;
  /** The request's query object, copied into `@odata.nextLink` with `$skip` advanced and `$top` reduced. */
  rawQuery: Record<string, unknown>;
  /** `@odata.context` of the response (the absolute `$metadata#EntitySet` URL), when the list has one. */
  context?: string;
}

export type QueryExecutor = (q: SQL) => Promise<Record<string, unknown>[]>;
