#!/usr/bin/env bash
# Backs Summa's database up to one file, or restores it from one (docs/deploy.md, "Backups").
#   tools/backup.sh backup FILE    with DATABASE_URL: pg_dump's custom format (compressed, taken in
#                                  one snapshot while the servers run); without it: a tar.gz of the
#                                  embedded database, DATA_DIR/pgdata (stop the server first).
#   tools/backup.sh restore FILE   with DATABASE_URL: pg_restore into that database, which must be
#                                  empty (a new one); without it: unpacks into DATA_DIR/pgdata, which
#                                  must not exist yet. Start the server afterwards: it migrates the
#                                  restored database if the backup is older than the release.
# Stored files (audio, avatars) are not in the database: back up STORAGE_DIR or the bucket too.
set -euo pipefail

usage() {
  echo "usage: $0 backup|restore FILE (DATABASE_URL for PostgreSQL, else DATA_DIR, default ./data)" >&2
  exit 2
}
[ $# -eq 2 ] || usage
command="$1"
file="$2"
pgdata="${DATA_DIR:-./data}/pgdata"

case "$command" in
  backup)
    if [ -n "${DATABASE_URL:-}" ]; then
      pg_dump --format=custom --no-owner --no-privileges --file="$file" "$DATABASE_URL"
    else
      [ -d "$pgdata" ] || { echo "no embedded database at $pgdata" >&2; exit 1; }
      tar -czf "$file" -C "$pgdata" .
    fi
    ;;
  restore)
    [ -f "$file" ] || { echo "no backup at $file" >&2; exit 1; }
    if [ -n "${DATABASE_URL:-}" ]; then
      tables=$(psql "$DATABASE_URL" -Atc "select count(*) from information_schema.tables where table_schema in ('public', 'drizzle')")
      if [ "$tables" != "0" ]; then
        echo "the database already has $tables tables: restore into a new, empty database" >&2
        exit 1
      fi
      pg_restore --no-owner --no-privileges --exit-on-error --dbname="$DATABASE_URL" "$file"
    else
      if [ -e "$pgdata" ]; then
        echo "$pgdata exists: move it aside first, or point DATA_DIR elsewhere" >&2
        exit 1
      fi
      mkdir -p "$pgdata"
      tar -xzf "$file" -C "$pgdata"
    fi
    ;;
  *) usage ;;
esac
echo "$command: done ($file)"
