import { type SQL, sql } from 'drizzle-orm';
import { type JsonEntry, jsonObject } from './json-object.js';
import type { ListPlan } from './plan.js';

const raw = sql.raw;

function whereClause(plan: ListPlan): SQL {
  return plan.conditions.length ? sql` where ${sql.join(plan.conditions, sql` and `)}` : sql``;
}

/**
 * Two levels per list. The inner select picks the page (where, order, limit) and returns plain
 * columns c0…, the expansions e0… and the sort keys s0…; the outer level builds the JSON of
 * the page's rows only. (Built in one level, json_build_object would run for every row before
 * the sort.) Expansions are correlated subqueries, which PostgreSQL evaluates after the limit.
 * The aggregate re-sorts the page on s0… so the array order is guaranteed, not incidental.
 */
function renderLevel(plan: ListPlan): { inner: SQL; object: SQL; aggOrder: SQL; alias: string } {
  const alias = `odata_t${plan.depth}`;
  const { resource } = plan.index;
  const cols: SQL[] = [];
  const entries: JsonEntry[] = [];
  plan.fields.forEach((key, i) => {
    cols.push(raw(`(${resource.fields[key].sql}) as c${i}`));
    entries.push({ path: key.split('/'), value: raw(`${alias}.c${i}`) });
  });
  plan.expands.forEach((e, i) => {
    cols.push(sql`${renderExpand(e.plan)} as ${raw(`e${i}`)}`);
    entries.push({ path: [e.key], value: raw(`${alias}.e${i}`) });
  });
  plan.order.forEach((t, i) => {
    cols.push(raw(`(${t.expr}) as s${i}`));
  });
  const select = cols.length ? sql.join(cols, sql`, `) : sql``;
  let inner = sql`select ${select} from ${raw(resource.from)}${whereClause(plan)}`;
  if (plan.order.length) {
    inner = sql`${inner} order by ${raw(plan.order.map((t) => `(${t.expr}) ${t.dir}`).join(', '))}`;
  }
  inner = plan.kind === 'one' ? sql`${inner} limit 1` : sql`${inner} limit ${plan.top} offset ${plan.skip}`;
  const aggOrder = raw(plan.order.map((t, i) => `${alias}.s${i} ${t.dir}`).join(', '));
  return { inner, object: jsonObject(entries), aggOrder, alias };
}

function renderExpand(plan: ListPlan): SQL {
  const { inner, object, aggOrder, alias } = renderLevel(plan);
  if (plan.kind === 'one') return sql`(select ${object} from (${inner}) ${raw(alias)})`;
  return sql`(select coalesce(json_agg(${object} order by ${aggOrder}), '[]'::json) from (${inner}) ${raw(alias)})`;
}

/** One row: `json` (text of the page's JSON array) and `n` (rows in the page). */
export function renderData(plan: ListPlan): SQL {
  const { inner, object, aggOrder, alias } = renderLevel(plan);
  return sql`select coalesce(json_agg(${object} order by ${aggOrder}), '[]')::text as json, count(*)::int as n from (${inner}) ${raw(alias)}`;
}

/** One row: `count`, over the same from and where as the data. */
export function renderCount(plan: ListPlan): SQL {
  return sql`select count(*) as count from ${raw(plan.index.resource.from)}${whereClause(plan)}`;
}
