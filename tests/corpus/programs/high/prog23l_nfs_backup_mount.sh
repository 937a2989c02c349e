#!/usr/bin/env bash
# nas-backup: mount the NAS backup share, copy today's snapshot of the
# photo library, rotate old snapshots and unmount again.
set -euo pipefail

NAS_EXPORT="${NAS_EXPORT:-nas.lan:/volume1/backups}"
MOUNTPOINT="${NAS_MOUNT:-/mnt/nas-backups}"
SOURCE="${BACKUP_SOURCE:-$HOME/Pictures}"
HOST_DIR="$MOUNTPOINT/$(hostname -s)/photos"
KEEP=14
MOUNTED_BY_US=0

log() { echo "$(date '+%F %T') nas-backup: $*"; }

cleanup() {
  if (( MOUNTED_BY_US )); then
    log "unmounting $MOUNTPOINT"
    sync
    sudo umount "$MOUNTPOINT" || log "umount failed; check for busy files"
  fi
}
trap cleanup EXIT

mount_share() {
  if mountpoint -q "$MOUNTPOINT"; then
    log "$MOUNTPOINT already mounted"
    return
  fi
  [[ -d "$MOUNTPOINT" ]] || sudo mkdir -p "$MOUNTPOINT"
  log "mounting $NAS_EXPORT"
  sudo mount -t nfs -o vers=4.1,rw,hard,timeo=600,noatime \
    "$NAS_EXPORT" "$MOUNTPOINT"
  MOUNTED_BY_US=1
}

snapshot() {
  local today prev
  today="$HOST_DIR/$(date +%F)"
  prev=$(ls -1d "$HOST_DIR"/20* 2>/dev/null | sort | tail -n 1 || true)
  mkdir -p "$HOST_DIR"
  if [[ -n "$prev" && "$prev" != "$today" ]]; then
    log "incremental snapshot against $(basename "$prev")"
    rsync -a --delete --link-dest="$prev" "$SOURCE/" "$today/"
  else
    log "full snapshot"
    rsync -a --delete "$SOURCE/" "$today/"
  fi
  du -sh "$today" | awk '{print "snapshot size: " $1}'
}

rotate() {
  local count
  count=$(ls -1d "$HOST_DIR"/20* 2>/dev/null | wc -l)
  if (( count > KEEP )); then
    ls -1d "$HOST_DIR"/20* | sort | head -n $((count - KEEP)) | while read -r old; do
      log "removing old snapshot $(basename "$old")"
      rm -rf -- "$old"
    done
  fi
}

main() {
  [[ -d "$SOURCE" ]] || { log "source $SOURCE missing"; exit 1; }
  mount_share
  snapshot
  rotate
  log "done"
}

main
