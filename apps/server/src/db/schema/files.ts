import { bigint, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
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
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('stored_files_path_uq').on(t.path),
    index('stored_files_owner_idx').on(t.ownerType, t.ownerId),
  ],
);
