#!/bin/sh
# Backups of the players' database (docker-compose.yml, service `backup`): a pg_dump in PostgreSQL's custom
# format into BACKUP_DIR every BACKUP_INTERVAL_SECONDS, the newest BACKUP_KEEP kept. A dump is written under a
# .partial name and renamed once complete, so a file named *.dump is always a whole one. Connection settings come
# from the libpq variables (PGHOST, PGUSER, PGDATABASE, PGPASSWORD). Lines are JSON, like the servers' logs.
#
# Restore (README.md, Deploying): stop the game replicas, then
#   docker compose run --rm --entrypoint pg_restore backup --clean --if-exists --no-owner --dbname=isle /backups/<file>.dump
set -eu
dir="${BACKUP_DIR:-/backups}"
interval="${BACKUP_INTERVAL_SECONDS:-21600}"
keep="${BACKUP_KEEP:-28}"
case "$interval$keep" in *[!0-9]*|'') echo '{"level":60,"msg":"pg-backup: BACKUP_INTERVAL_SECONDS and BACKUP_KEEP must be whole numbers"}' >&2; exit 1 ;; esac
[ "$keep" -ge 1 ] || keep=1

while :; do
  file="$dir/isle-$(date -u +%Y%m%dT%H%M%SZ).dump"
  if pg_dump --format=custom --file="$file.partial" && mv "$file.partial" "$file"; then
    echo "{\"level\":30,\"time\":\"$(date -u +%Y-%m-%dT%H:%M:%SZ)\",\"msg\":\"pg-backup: written\",\"file\":\"$file\",\"bytes\":$(wc -c < "$file")}"
  else
    rm -f "$file.partial"
    echo "{\"level\":50,\"time\":\"$(date -u +%Y-%m-%dT%H:%M:%SZ)\",\"msg\":\"pg-backup: pg_dump failed; next try in ${interval}s\"}" >&2
  fi
  # the newest $keep dumps stay (names sort by time)
  ls -1 "$dir"/isle-*.dump 2>/dev/null | sort -r | tail -n +"$((keep + 1))" | while read -r old; do rm -f "$old"; done
  sleep "$interval"
done
