import { type SQL, sql } from 'drizzle-orm';

export interface JsonEntry {
  /** Property path segments, e.g. ["vehicle", "year"]; validated identifiers. */
  path: string[];
  value: SQL;
}

interface Node {
  name: string;
  value?: SQL;
  children?: Node[];
}

/** json_build_object takes at most 100 arguments. */
const MAX_PAIRS = 50;

function insert(level: Node[], path: string[], value: SQL): void {
  const [head, ...rest] = path;
  let node = level.find((n) => n.name === head);
  if (!node) {
    node = rest.length ? { name: head, children: [] } : { name: head, value };
    level.push(node);
  }
  if (rest.length) insert(node.children!, rest, value);
}

function render(level: Node[]): SQL {
  const pairs = level.map((n) => sql`${sql.raw(`'${n.name}'`)}, ${n.value ?? render(n.children!)}`);
  if (pairs.length <= MAX_PAIRS) return sql`json_build_object(${sql.join(pairs, sql`, `)})`;
  // More than 50 properties: build objects of 50 and splice their texts, keeping the order
  // of the properties (a jsonb merge would reorder them).
  const bodies: SQL[] = [];
  for (let i = 0; i < pairs.length; i += MAX_PAIRS) {
    const chunk = sql`json_build_object(${sql.join(pairs.slice(i, i + MAX_PAIRS), sql`, `)})`;
    bodies.push(sql`substr(left(${chunk}::text, -1), 2)`);
  }
  return sql`('{' || concat_ws(', ', ${sql.join(bodies, sql`, `)}) || '}')::json`;
}

/** A json object with nested objects for "a/b" paths, properties in the order given. */
export function jsonObject(entries: JsonEntry[]): SQL {
  const root: Node[] = [];
  for (const e of entries) insert(root, e.path, e.value);
  return render(root);
}
