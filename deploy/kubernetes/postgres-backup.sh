#!/bin/sh
# A dated backup of the site's PostgreSQL database (docs/operations/backups.md,
# docs/decisions/035-backups-and-restore.md): pg_dump's custom format, read back whole before it
# counts, written atomically (a hidden temporary file, fsync, rename, fsync of the folder), the
# newest KEEP kept, and recorded in the database's `backups` table, which the site's metrics read
# (backup_last_success_timestamp_seconds). The CronJob in backup-cronjob.yaml runs it; anywhere
# else with PostgreSQL's client tools (pg_dump of the server's major version or newer) too:
#
#   DATABASE_URL=postgres://site:…@db:5432/site BACKUP_DIR=/backups KEEP=30 sh postgres-backup.sh
#
# Exit codes: 0 done, 2 bad settings, anything else the failing tool's (nothing half-written is
# left behind, and nothing is recorded).
set -eu

: "${DATABASE_URL:?DATABASE_URL must name the site's database}"
dir=${BACKUP_DIR:-/backups}
keep=${KEEP:-30}
case $keep in
  '' | *[!0-9]* | 0*)
    echo "postgres-backup: KEEP must be a positive whole number, not '$keep'" >&2
    exit 2
    ;;
esac
[ -d "$dir" ] || { echo "postgres-backup: BACKUP_DIR $dir is not a folder" >&2; exit 2; }

name="enquiries-$(date -u +%Y%m%dT%H%M%SZ).dump"
temp="$dir/.$name.partial"
trap 'rm -f "$temp"' EXIT
started=$(date +%s%N)
# The archive holds personal data: readable by its owner only.
umask 077

pg_dump --format=custom --file="$temp" --dbname="$DATABASE_URL"
# Every block read back and decompressed: a truncated or damaged archive fails here, not on the
# day it is needed.
pg_restore --file=/dev/null "$temp"
sync "$temp"
mv "$temp" "$dir/$name"
sync "$dir"

bytes=$(stat -c %s "$dir/$name")
ms=$((($(date +%s%N) - started) / 1000000))

# The newest KEEP dated archives stay; nothing else in the folder is touched.
ls -1 "$dir" | grep -E '^enquiries-[0-9]{8}T[0-9]{6}Z\.dump$' | sort -r | tail -n "+$((keep + 1))" |
  while read -r old; do rm -f "$dir/$old"; done

psql --dbname="$DATABASE_URL" --no-psqlrc --quiet -v ON_ERROR_STOP=1 \
  -v file="$dir/$name" -v bytes="$bytes" -v ms="$ms" <<'SQL'
INSERT INTO backups (finished_at, bytes, duration_ms, file) VALUES (now(), :bytes, :ms, :'file');
SQL

echo "Backed up to $dir/$name: $bytes bytes in $ms ms; kept the newest $keep."
