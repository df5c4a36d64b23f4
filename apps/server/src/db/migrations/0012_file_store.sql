-- Issue #16: one file store that every process shares (docs/decisions/0008-file-store.md).
-- stored_file_chunks: with FILE_STORE=postgres (the default with DATABASE_URL) the bytes of each stored file
-- are rows of 256 KB, keyed by the file's relative path (stored_files.path) and the chunk number; chunk 0
-- always exists. Storage EXTERNAL: the chunks are images and PDFs, already compressed, so PostgreSQL does
-- not try to compress them again.
-- stored_files.thumb_path: the thumbnail (320 px wide WebP) the server makes beside every uploaded image,
-- served by GET /api/files/<path>?thumb=1. Older rows have none (the image itself is served).
-- Paths keep their shape: files written before this migration (facility and profile pictures as
-- facilities|users/<uuid>.<ext>, everything else as folder/YYYY/MM/<name>_<timestamp>_<hex>.<ext>) are still
-- found (on the disk, which the shared stores fall back to) and still accepted by the facility form.
CREATE TABLE IF NOT EXISTS "stored_file_chunks" (
	"path" text NOT NULL,
	"n" integer NOT NULL,
	"data" bytea NOT NULL,
	CONSTRAINT "stored_file_chunks_pk" PRIMARY KEY ("path", "n")
);--> statement-breakpoint
ALTER TABLE "stored_file_chunks" ALTER COLUMN "data" SET STORAGE EXTERNAL;--> statement-breakpoint
ALTER TABLE "stored_files" ADD COLUMN IF NOT EXISTS "thumb_path" text;
