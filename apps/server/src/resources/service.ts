import { can } from '@glass/domain';
import { type ArrayListDef, type ResourceDef, valueAt } from '@glass/domain/resources/index';
import { type SQL, sql } from 'drizzle-orm';
import type { SessionUser } from '../auth/sessions.js';
import type { Database } from '../db/client.js';
import { audit } from '../http/audit.js';
import { forbidden, notFound } from '../http/errors.js';
import { runODataQuery } from '../odata/index.js';
import { equals, param, restriction } from './conditions.js';
import { translateDbError } from './db-errors.js';
import { ALIAS, odataResourceOf } from './odata.js';
import { columnValues, constraintFields, parseBody, writableFields } from './writes.js';
import type { Db } from '../db/unit-of-work.js';

type Row = Record<string, unknown>;
const and = (parts: (SQL | undefined)[]) => {
  const kept = parts.filter((p): p is SQL => !!p);
  return kept.length ? sql.join(kept, sql` and `) : undefined;
};

/** Get, create, update and plain-array lists of one declared resource; every write is audited. */
export class ResourceService {
  constructor(
    private db: Database,
    private pepper: string,
    readonly def: ResourceDef,
  ) {}

  private async select(query: Row, where: SQL | undefined, tx: Db = this.db): Promise<Row[]> {
    const body = await runODataQuery((q) => tx.rows(q), odataResourceOf(this.def), query, {
      baseUrl: this.def.api.list,
      rawQuery: query,
      extraWhere: where,
    });
    return JSON.parse(body).value as Row[];
  }

  async get(id: number, user: SessionUser, tx: Db = this.db): Promise<Row> {
    const where = and([sql`${sql.raw(`${ALIAS}.id`)} = ${id}`, restriction(this.def, user)]);
    const [row] = await this.select({ $top: '1' }, where, tx);
    if (!row) throw notFound(`${this.def.singular} ${id} not found`);
    return row;
  }

  async array(list: ArrayListDef, query: Row, user: SessionUser): Promise<Row[]> {
    const parts: (SQL | undefined)[] = [restriction(this.def, user)];
    for (const [key, v] of Object.entries(list.where ?? {})) parts.push(equals(this.def, key, v));
    for (const [name, key] of Object.entries(list.query ?? {})) {
      const v = param(query, name);
      if (v !== undefined) parts.push(equals(this.def, key, v, name));
    }
    const options: Row = { $top: '1000' };
    if (list.select) options.$select = list.select.join(',');
    return this.select(options, and(parts));
  }

  /** Setting a restricted flag (adminOnly) needs the action. */
  private checkRestricted(value: Row, user: SessionUser) {
    const r = this.def.restrictedBy;
    if (r && valueAt(value, r.property) === true && !can(user.userRoleId, r.action)) throw forbidden();
  }

  async create(body: unknown, user: SessionUser): Promise<Row> {
    const value = parseBody(this.def, body, 'create');
    this.checkRestricted(value, user);
    const cols = columnValues(this.def, value, 'create', this.pepper);
    try {
      return await this.db.transaction(async (tx) => {
        const [{ id }] = await tx.rows<{ id: number }>(
          sql`insert into ${sql.identifier(this.def.table)} (${sql.join(
            cols.map((c) => sql.identifier(c.column)),
            sql`, `,
          )}) values (${sql.join(
            cols.map((c) => sql`${c.value}`),
            sql`, `,
          )}) returning id`,
        );
        await audit(tx, user, {
          activity: `Created ${this.def.singular}`,
          type: 'create',
          recordType: this.def.singular,
          recordId: id,
          details: Object.fromEntries(cols.map((c) => [c.key, c.secret ? '(set)' : c.value])),
        });
        return this.get(id, user, tx);
      });
    } catch (e) {
      translateDbError(e, constraintFields(this.def));
    }
  }

  async update(id: number, body: unknown, user: SessionUser): Promise<Row> {
    const value = parseBody(this.def, body, 'update');
    this.checkRestricted(value, user);
    const cols = columnValues(this.def, value, 'update', this.pepper);
    const plain = writableFields(this.def).filter((w) => !w.secret);
    try {
      return await this.db.transaction(async (tx) => {
        const where = and([sql`id = ${id}`, restriction(this.def, user)]);
        const [before] = await tx.rows<Row>(
          sql`select ${sql.join(
            plain.map((w) => sql`${sql.identifier(w.column)}::text as ${sql.identifier(w.key)}`),
            sql`, `,
          )} from ${sql.identifier(this.def.table)} ${sql.raw(ALIAS)} where ${where} for update`,
        );
        if (!before) throw notFound(`${this.def.singular} ${id} not found`);
        await tx.rows(
          sql`update ${sql.identifier(this.def.table)} set ${sql.join(
            cols.map((c) => sql`${sql.identifier(c.column)} = ${c.value}`),
            sql`, `,
          )}, updated_at = now() where id = ${id}`,
        );
        const changed = cols.filter((c) => c.secret || String(before[c.key] ?? '') !== textOf(c.value));
        await audit(tx, user, {
          activity: `Updated ${this.def.singular}`,
          type: 'update',
          recordType: this.def.singular,
          recordId: id,
          details: Object.fromEntries(changed.map((c) => [c.key, c.secret ? '(changed)' : c.value])),
        });
        return this.get(id, user, tx);
      });
    } catch (e) {
      translateDbError(e, constraintFields(this.def));
    }
  }
}

/** The text PostgreSQL gives for a value cast to text, to compare old and new. */
function textOf(v: unknown): string {
  if (v === null || v === undefined) return '';
  return String(v);
}
