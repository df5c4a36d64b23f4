#!/usr/bin/env bash
# Backs up the app's data (docs/deploy.md "Backup and restore"). Usage: deploy/backup.sh DEST_DIR
#   DATABASE_URL set    pg_dump (custom format) of the database: every table, the uploaded files with it when
#                       FILE_STORE=postgres (the default), the job queue (schema pgboss). Runs while the servers
#                       run (one consistent snapshot). With FILE_STORE=disk, DATA_DIR/files is archived beside
#                       it; with FILE_STORE=s3 the bucket is not copied (use the bucket's own versioning).
#   no DATABASE_URL     the embedded database (PGlite, DATA_DIR/pglite) and DATA_DIR/files as one archive.
#                       Stop the server first: PGlite's directory is only consistent when it is closed.
# Prints the path of each file it wrote. Needs pg_dump of the server's major version or newer.
set -euo pipefail
dest="${1:?usage: deploy/backup.sh DEST_DIR}"
mkdir -p "$dest"
stamp="$(date -u +%Y%m%dT%H%M%SZ)"
data_dir="${DATA_DIR:-./data}"

if [ -n "${DATABASE_URL:-}" ]; then
  out="$dest/glass-$stamp.dump"
  pg_dump --format=custom --compress=6 --no-owner --no-privileges --file="$out" "$DATABASE_URL"
  echo "$out"
  if [ "${FILE_STORE:-postgres}" = disk ] && [ -d "$data_dir/files" ]; then
    tar -C "$data_dir" -czf "$dest/glass-files-$stamp.tar.gz" files
    echo "$dest/glass-files-$stamp.tar.gz"
  fi
else
  if [ ! -d "$data_dir/pglite" ]; then
    echo "no embedded database at $data_dir/pglite (set DATA_DIR, or DATABASE_URL for PostgreSQL)" >&2
    exit 1
  fi
  out="$dest/glass-pglite-$stamp.tar.gz"
  parts=(pglite)
  [ -d "$data_dir/files" ] && parts+=(files)
  tar -C "$data_dir" -czf "$out" "${parts[@]}"
  echo "$out"
fi
