#!/usr/bin/env bash
# census_pg_backup.sh - nightly dump of the colony census database
# (cages, animals, breeding pairs, room moves) with simple retention.
#
# Reads settings from ./census_backup.env if present:
#   DB_NAME, BACKUP_DIR, KEEP_DAYS, DB_SUPERUSER
set -o errexit -o nounset -o pipefail

SETTINGS="${SETTINGS:-./census_backup.env}"
DB_NAME="census"
BACKUP_DIR="./backups"
KEEP_DAYS=14
DB_SUPERUSER="postgres"
VERIFY=1

ts() { date '+%Y-%m-%d %H:%M:%S'; }
log() { echo "$(ts) census-backup: $*"; }

read_settings() {
  local key val
  [[ -f "$SETTINGS" ]] || return 0
  while IFS='=' read -r key val; do
    [[ -z "$key" || "$key" == \#* ]] && continue
    val="${val%\"}"; val="${val#\"}"
    case "$key" in
      DB_NAME) DB_NAME="$val" ;;
      BACKUP_DIR) BACKUP_DIR="$val" ;;
      KEEP_DAYS) KEEP_DAYS="$val" ;;
      DB_SUPERUSER) DB_SUPERUSER="$val" ;;
      VERIFY) VERIFY="$val" ;;
      *) log "ignoring unknown setting $key" ;;
    esac
  done < "$SETTINGS"
}

as_db_owner() {
  # peer authentication on the local socket: run client tools as the DB role
  sudo --non-interactive --user="$DB_SUPERUSER" -- "$@"
}

dump_database() {
  local out="$1"
  log "dumping $DB_NAME"
  as_db_owner pg_dump --format=custom --compress=6 --no-owner "$DB_NAME" > "$out.partial"
  mv -- "$out.partial" "$out"
}

verify_dump() {
  local out="$1" n
  n="$(pg_restore --list "$out" | grep -c 'TABLE DATA' || true)"
  if [[ "$n" -lt 5 ]]; then
    log "dump $out looks incomplete ($n tables)"
    return 1
  fi
  log "verified $out ($n tables)"
}

prune_old() {
  find "$BACKUP_DIR" -maxdepth 1 -type f -name "${DB_NAME}_*.dump" \
       -mtime +"$KEEP_DAYS" -print -delete | while read -r f; do
    log "pruned $(basename "$f")"
  done
}

main() {
  read_settings
  mkdir -p "$BACKUP_DIR"
  local out="$BACKUP_DIR/${DB_NAME}_$(date +%Y%m%d_%H%M).dump"

  local attempt
  for attempt in 1 2 3; do
    if dump_database "$out"; then
      break
    fi
    log "dump attempt $attempt failed"
    rm -f -- "$out.partial"
    [[ "$attempt" -eq 3 ]] && { log "giving up"; exit 1; }
    sleep 30
  done

  if [[ "$VERIFY" == "1" ]]; then
    verify_dump "$out" || exit 2
  fi
  sha256sum "$out" > "$out.sha256"
  prune_old
  log "backup complete: $out ($(du -h "$out" | cut -f1))"
}

main "$@"
