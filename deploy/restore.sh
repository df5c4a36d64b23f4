#!/usr/bin/env bash
# Restores a backup made by deploy/backup.sh (docs/deploy.md "Backup and restore"). Stop the servers first.
#   deploy/restore.sh glass-….dump [glass-files-….tar.gz]
#       into DATABASE_URL, which must name an empty database (create it: `createdb glass`); the files archive
#       (FILE_STORE=disk only) is unpacked into DATA_DIR.
#   deploy/restore.sh glass-pglite-….tar.gz
#       into DATA_DIR, which must not hold a database yet (move the old one aside).
# Then start the servers: they apply any newer migrations (under their advisory lock) as usual.
set -euo pipefail
archive="${1:?usage: deploy/restore.sh BACKUP [FILES_ARCHIVE]}"
data_dir="${DATA_DIR:-./data}"

case "$archive" in
  *.dump)
    : "${DATABASE_URL:?set DATABASE_URL to the (empty) database to restore into}"
    tables="$(psql "$DATABASE_URL" -Atqc "select count(*) from pg_tables where schemaname = 'public'")"
    if [ "$tables" != 0 ]; then
      echo "the database of DATABASE_URL is not empty ($tables tables): restore into a new one" >&2
      exit 1
    fi
    pg_restore --no-owner --no-privileges --exit-on-error --single-transaction --dbname="$DATABASE_URL" "$archive"
    if [ -n "${2:-}" ]; then
      mkdir -p "$data_dir"
      tar -C "$data_dir" -xzf "$2"
    fi
    ;;
  *.tar.gz)
    if [ -e "$data_dir/pglite" ]; then
      echo "$data_dir/pglite exists: move it aside before restoring" >&2
      exit 1
    fi
    mkdir -p "$data_dir"
    tar -C "$data_dir" -xzf "$archive"
    ;;
  *)
    echo "unknown backup file $archive (expected .dump or .tar.gz)" >&2
    exit 1
    ;;
esac
echo "restored $archive"
