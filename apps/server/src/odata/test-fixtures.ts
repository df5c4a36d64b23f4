import { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { lookup } from './fields.js';
import type { ODataField, ODataResource, QueryExecutor } from './types.js';

/** Test-only resources over the odt_* tables created by `openTestDb`. */
export const owners: ODataResource = {
  name: 'owners',
  from: 'odt_owner ow',
  fields: { id: { sql: 'ow.id', type: 'number' }, name: { sql: 'ow.name', type: 'string' } },
  defaultOrderBy: 'ow.id',
  key: 'ow.id',
  defaultTop: 10,
  maxTop: 50,
};

export const children: ODataResource = {
  name: 'children',
  from: 'odt_child c',
  fields: {
    id: { sql: 'c.id', type: 'number' },
    parentId: { sql: 'c.parent_id', type: 'number' },
    message: { sql: 'c.message', type: 'string' },
    sentAt: { sql: 'c.sent_at', type: 'datetime' },
  },
  expand: { author: { resource: owners, on: 'ow.id = c.author_id', many: false } },
  defaultOrderBy: 'c.sent_at desc',
  key: 'c.id',
  defaultTop: 20,
  maxTop: 100,
};

export const parents: ODataResource = {
  name: 'parents',
  from: 'odt_parent p left join odt_owner o on o.id = p.owner_id',
  where: 'p.deleted = false',
  fields: {
    id: { sql: 'p.id', type: 'number' },
    name: { sql: 'p.name', type: 'string' },
    code: { sql: 'p.code', type: 'guid' },
    score: { sql: 'p.score', type: 'number' },
    rating: { sql: 'p.rating', type: 'number' },
    repairCount: { sql: 'p.repair_count', type: 'number' },
    active: { sql: 'p.active', type: 'boolean' },
    born: { sql: 'p.born', type: 'date' },
    openDateTime: { sql: 'p.opened_at', type: 'datetime' },
    'vehicle/year': { sql: 'p.year', type: 'number' },
    'vehicle/make': { sql: 'p.make', type: 'string' },
    'contact/name': { sql: 'o.name', type: 'string' },
    secret: { sql: 'p.secret', type: 'string', select: false },
    note: { sql: 'p.secret', type: 'string', filter: false, sort: false },
  },
  expand: {
    children: { resource: children, on: 'c.parent_id = p.id', many: true },
    owner: { resource: owners, on: 'ow.id = p.owner_id', many: false },
  },
  defaultOrderBy: 'p.id desc',
  key: 'p.id',
  defaultTop: 5,
  maxTop: 8,
};

/** parents with names looked up by key (joined after the limit in named-row pages). */
export const parentsWithLookups: ODataResource = {
  ...parents,
  fields: {
    ...parents.fields,
    ownerName: lookup({ from: 'odt_owner', key: 'id', on: 'p.owner_id', value: 'x.name' }, 'string'),
    'ownerCard/id': { sql: 'p.owner_id', type: 'number' },
    'ownerCard/upper': lookup(
      { from: 'odt_owner', key: 'id', on: 'p.owner_id', value: 'upper(x.name)' },
      'string',
    ),
  },
};

/** 60 properties: exercises the 50-pairs limit of json_build_object. */
export const wide: ODataResource = {
  name: 'wide',
  from: 'odt_parent p',
  fields: Object.fromEntries(
    Array.from({ length: 60 }, (_, i): [string, ODataField] => [
      `f${i}`,
      { sql: `p.id * 100 + ${i}`, type: 'number' },
    ]),
  ),
  defaultOrderBy: 'p.id',
  key: 'p.id',
  defaultTop: 3,
  maxTop: 3,
};

const DDL = `
create table odt_owner (id int primary key, name text not null);
create table odt_parent (
  id int primary key, name text, code uuid, score numeric(10,2), rating float8, repair_count int,
  active boolean, born date, opened_at timestamptz, year smallint, make text,
  owner_id int references odt_owner(id), secret text, deleted boolean not null default false);
create table odt_child (id int primary key, parent_id int not null references odt_parent(id), message text,
  sent_at timestamptz, author_id int references odt_owner(id));
insert into odt_owner values (1, 'Ann'), (2, 'Bob'), (3, 'Cy');
insert into odt_parent values
 (1, 'Alpha', 'aaaaaaaa-0000-4000-8000-000000000001', 10.50, 1.5, 3, true, '2000-01-31', '2024-01-31T10:00:00Z', 2019, 'Ford', 1, 's1', false),
 (2, 'O''Brien', 'aaaaaaaa-0000-4000-8000-000000000002', 20.00, 2.5, 0, false, '1999-12-31', '2024-02-01T00:00:00Z', 2020, 'Kia', 2, 's2', false),
 (3, '100% Glass', 'aaaaaaaa-0000-4000-8000-000000000003', -5.25, null, 7, true, null, '2024-01-15T12:30:00+02:00', 2018, 'Ford', null, null, false),
 (4, 'a_b', null, 0, 0, null, null, '2001-06-15', null, null, null, 3, 's4', false),
 (5, 'back\\slash', 'aaaaaaaa-0000-4000-8000-000000000005', 99.99, 9.75, 12, true, '1980-02-29', '2023-12-31T23:59:59.5Z', 2021, 'Toyota', 1, 's5', false),
 (6, 'alpha two', 'aaaaaaaa-0000-4000-8000-000000000006', 1, 1, 1, false, '2010-10-10', '2024-03-01T08:00:00Z', 2015, 'ford', 2, null, false),
 (7, null, null, null, null, null, null, null, null, null, null, null, null, false),
 (8, 'Gamma', 'aaaaaaaa-0000-4000-8000-000000000008', 30, 3, 3, true, '2005-05-05', '2024-01-31T23:00:00Z', 2019, 'Kia', 3, 's8', false),
 (9, 'Delta', 'aaaaaaaa-0000-4000-8000-000000000009', 40, 4, 4, true, '2006-06-06', '2024-02-15T09:00:00Z', 2022, 'Ford', 1, 's9', false),
 (10, 'Epsilon', 'aaaaaaaa-0000-4000-8000-000000000010', 50, 5, 5, false, '2007-07-07', '2024-02-20T09:00:00Z', 2023, 'Kia', 2, 's10', false),
 (11, 'Deleted', null, null, null, null, null, null, null, null, null, null, null, true);
insert into odt_child values
 (1, 1, 'hello', '2024-01-31T10:05:00Z', 2), (2, 1, 'world', '2024-01-31T10:06:00Z', 1),
 (3, 1, 'third', '2024-01-31T10:07:00Z', null), (4, 2, 'only one', '2024-02-01T01:00:00Z', 3),
 (5, 5, 'x', '2024-01-01T00:00:00Z', 1);
`;

export interface TestDb {
  pg: PGlite;
  exec: QueryExecutor;
  close(): Promise<void>;
}

export async function openTestDb(): Promise<TestDb> {
  const pg = new PGlite();
  await pg.exec(DDL);
  const db = drizzle(pg);
  const exec: QueryExecutor = async (q: SQL) => (await db.execute(q)).rows as Record<string, unknown>[];
  return { pg, exec, close: () => pg.close() };
}
