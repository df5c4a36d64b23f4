import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt, users } from './core.js';
import { pk } from './columns.js';

/** The tile catalogue (spec 2 §2). Ids are stable: user tiles and role defaults point at them. */
export const tiles = pgTable(
  'tiles',
  {
    id: pk(),
    name: text('name').notNull(),
    displayName: text('display_name').notNull(),
    url: text('url').notNull(),
    icon: text('icon').notNull().default(''),
    sortOrder: integer('sort_order').notNull().default(0),
    /** Some catalogue tiles have no screen yet; they stay in the catalogue but can be hidden. */
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('tiles_name_uq').on(t.name)],
);

/** A user's home screen: which tiles, shown or hidden, small or large, with a top-bar shortcut. */
export const userTiles = pgTable(
  'user_tiles',
  {
    id: pk(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tileId: integer('tile_id')
      .notNull()
      .references(() => tiles.id, { onDelete: 'cascade' }),
    isDisplayed: boolean('is_displayed').notNull().default(true),
    isSmallTile: boolean('is_small_tile').notNull().default(false),
    hasShortcut: boolean('has_shortcut').notNull().default(false),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('user_tiles_user_tile_uq').on(t.userId, t.tileId),
    index('user_tiles_tile_idx').on(t.tileId),
  ],
);

/** Default tiles per role, copied into user_tiles when an employee is created. */
export const roleTiles = pgTable(
  'role_tiles',
  {
    userRoleId: smallint('user_role_id').notNull(),
    tileId: integer('tile_id')
      .notNull()
      .references(() => tiles.id, { onDelete: 'cascade' }),
    isDisplayed: boolean('is_displayed').notNull().default(true),
    isSmallTile: boolean('is_small_tile').notNull().default(false),
    hasShortcut: boolean('has_shortcut').notNull().default(false),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [primaryKey({ name: 'role_tiles_pk', columns: [t.userRoleId, t.tileId] })],
);
