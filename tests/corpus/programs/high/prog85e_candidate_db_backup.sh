#!/usr/bin/env bash
# candidate_db_backup.sh - dump the ATS candidate database to the office NAS.
#
# GDPR retention: candidate data must be recoverable for 14 days and no
# longer, so dumps older than RETAIN_DAYS are removed from the share.
#
# Settings are read from ./backup.env, e.g.
#   PGHOST=db.internal  PGDATABASE=ats  PGUSER=ats_backup
#   NAS_SHARE=//nas01.office.lan/ats-backups
#   NAS_CREDENTIALS=/home/ops/.nas-credentials
#   RETAIN_DAYS=14

set -Eeuo pipefail

CONF="${1:-./backup.env}"
MOUNT_POINT="/mnt/ats-backups"
LOCK_FILE="./.candidate_db_backup.lock"

log() { logger -t candidate-db-backup -- "$*" 2>/dev/null || true; echo "$(date -Is) $*"; }

[[ -r $CONF ]] || { echo "missing $CONF" >&2; exit 2; }
# shellcheck disable=SC1090
set -a; . "$CONF"; set +a

: "${PGDATABASE:?}" "${NAS_SHARE:?}" "${NAS_CREDENTIALS:?}"
RETAIN_DAYS="${RETAIN_DAYS:-14}"

exec 9>"$LOCK_FILE"
flock -n 9 || { log "another backup is running"; exit 0; }

MOUNTED_HERE=0
cleanup() {
  local rc=$?
  if [[ $MOUNTED_HERE == 1 ]]; then
    sync
    sudo umount "$MOUNT_POINT" || log "warning: could not unmount $MOUNT_POINT"
  fi
  [[ $rc -ne 0 ]] && log "backup FAILED (exit $rc)"
  exit $rc
}
trap cleanup EXIT

mount_share() {
  if mountpoint -q "$MOUNT_POINT"; then
    log "$MOUNT_POINT already mounted"
    return
  fi
  sudo mkdir -p "$MOUNT_POINT"
  sudo mount -t cifs "$NAS_SHARE" "$MOUNT_POINT" \
    -o "credentials=${NAS_CREDENTIALS},uid=$(id -u),gid=$(id -g),vers=3.0,file_mode=0600,dir_mode=0700"
  MOUNTED_HERE=1
  log "mounted $NAS_SHARE on $MOUNT_POINT"
}

dump_database() {
  local stamp target
  stamp=$(date +%Y%m%d-%H%M)
  target="$MOUNT_POINT/${PGDATABASE}-${stamp}.dump"
  log "dumping $PGDATABASE to $target"
  pg_dump --format=custom --compress=6 --no-owner \
          --exclude-table-data='audit_log_*' \
          --file="$target.partial" "$PGDATABASE"
  mv "$target.partial" "$target"
  sha256sum "$target" | sed "s#$MOUNT_POINT/##" > "$target.sha256"
  pg_restore --list "$target" > /dev/null || { log "dump failed verification"; return 1; }
  log "dump ok: $(du -h "$target" | cut -f1)"
}

apply_retention() {
  local removed
  removed=$(find "$MOUNT_POINT" -maxdepth 1 -name "${PGDATABASE}-*.dump*" \
                 -mtime +"$RETAIN_DAYS" -print -delete | wc -l)
  log "retention: removed $removed file(s) older than $RETAIN_DAYS days"
}

mount_share
dump_database
apply_retention
log "backup complete"
