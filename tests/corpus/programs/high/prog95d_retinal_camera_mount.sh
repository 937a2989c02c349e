#!/usr/bin/env bash
# retinal_camera_mount.sh - attach the fundus camera's export share and copy
# new captures into the practice imaging inbox.
#
# The camera PC (Topcon/Canon style capture station) exposes its export
# folder over SMB. We mount it, rsync anything new into ./imaging_inbox/,
# keep a record of copied files and unmount again.
#
# Usage: retinal_camera_mount.sh [-H camera_host] [-S share] [-k]
#   -k  keep the share mounted afterwards
#
# Credentials: ./camera.cred (username=, password=, domain=), mode 600.
set -euo pipefail

CAMERA_HOST="${CAMERA_HOST:-fundus-cam01}"
SHARE="${CAMERA_SHARE:-EXPORT}"
MOUNT_POINT="/mnt/fundus_${CAMERA_HOST}"
INBOX="./imaging_inbox"
CRED_FILE="./camera.cred"
LEDGER="./imaging_inbox/.copied"
KEEP=0

log() { echo "[$(date +%H:%M:%S)] $*"; }

while getopts ":H:S:kh" o; do
  case $o in
    H) CAMERA_HOST=$OPTARG; MOUNT_POINT="/mnt/fundus_${CAMERA_HOST}" ;;
    S) SHARE=$OPTARG ;;
    k) KEEP=1 ;;
    h) sed -n '2,13p' "$0"; exit 0 ;;
    *) echo "bad option" >&2; exit 64 ;;
  esac
done

check_creds() {
  [[ -f $CRED_FILE ]] || { log "missing $CRED_FILE"; exit 1; }
  local mode
  mode=$(stat -c %a "$CRED_FILE")
  if [[ $mode != 600 ]]; then
    log "tightening permissions on $CRED_FILE"
    chmod 600 "$CRED_FILE"
  fi
}

attach_share() {
  if mountpoint -q "$MOUNT_POINT"; then
    log "share already mounted at $MOUNT_POINT"
    return
  fi
  local opts
  opts="credentials=$(readlink -f "$CRED_FILE"),uid=$(id -u),gid=$(id -g)"
  opts+=",ro,vers=3.0,file_mode=0640,dir_mode=0750"
  sudo mkdir -p "$MOUNT_POINT"
  log "mounting //$CAMERA_HOST/$SHARE"
  sudo mount -t cifs "//$CAMERA_HOST/$SHARE" "$MOUNT_POINT" -o "$opts"
}

detach_share() {
  [[ $KEEP == 1 ]] && return
  if mountpoint -q "$MOUNT_POINT"; then
    sudo umount "$MOUNT_POINT" && log "share detached"
  fi
}

copy_new() {
  mkdir -p "$INBOX"
  touch "$LEDGER"
  local before after
  before=$(wc -l <"$LEDGER")
  rsync -a --ignore-existing --prune-empty-dirs \
    --include='*/' --include='*.jpg' --include='*.JPG' \
    --include='*.dcm' --include='*.xml' --exclude='*' \
    --out-format='%n' "$MOUNT_POINT/" "$INBOX/" | grep -v '/$' >>"$LEDGER" || true
  after=$(wc -l <"$LEDGER")
  log "copied $((after - before)) new file(s)"
}

main() {
  check_creds
  if ! getent hosts "$CAMERA_HOST" >/dev/null; then
    log "camera host $CAMERA_HOST not resolvable"
    exit 2
  fi
  attach_share
  trap detach_share EXIT
  copy_new
}

main
