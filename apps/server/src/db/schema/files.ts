import {
  bigint,
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, users } from './core.js';
import { pk } from './columns.js';

/**
 * Every uploaded or generated file (images, PDFs, signatures). path is relative to the file
 * store root; ownerType/ownerId say which record it belongs to, for clean-up and listing.
 */
export const storedFiles = pgTable(
  'stored_files',
  {
    id: pk(),
    path: text('path').notNull(),
    originalName: text('original_name'),
    mime: text('mime').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    sha256: text('sha256'),
    ownerUserId: integer('owner_user_id').references(() => users.id),
    ownerType: text('owner_type'),
    ownerId: integer('owner_id'),
    /** The thumbnail made beside an uploaded image (migration 0012); null for other files and older rows. */
    thumbPath: text('thumb_path'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('stored_files_path_uq').on(t.path),
    index('stored_files_owner_idx').on(t.ownerType, t.ownerId),
  ],
);

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/**
 * The bytes of stored files with FILE_STORE=postgres (files/blob-store.ts PostgresBlobStore): 256 KB
 * chunks keyed by the file's path and the chunk number (migration 0012).
 */
export const storedFileChunks = pgTable(
  'stored_file_chunks',
  {
    path: text('path').notNull(),
    n: integer('n').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ name: 'stored_file_chunks_pk', columns: [t.path, t.n] })],
);
