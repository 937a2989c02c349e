#!/usr/bin/env bash
# provenance_share_mount.sh - attach the provenance photo share from the
# archive NAS so the photographers' import tool can write to it.
#
# Reads the share location and the photographers' group from share.env in
# the current directory, mounts the SMB share under /mnt/provenance and makes
# the sale folders group-writable.  "umount" as first argument detaches it.
#
# usage: provenance_share_mount.sh [mount|umount|status]
set -euo pipefail

ENV_FILE="${SHARE_ENV:-./share.env}"
NAS_SHARE="//archive-nas.hollisgate.internal/provenance"
MOUNT_POINT="/mnt/provenance"
SHARE_GROUP="photographers"
CRED_FILE="$HOME/.provenance-smb"
SMB_VERSION="3.0"

[[ -f $ENV_FILE ]] && source "$ENV_FILE"

log() { logger -t provenance-mount "$*" 2>/dev/null || true; echo "$*"; }

as_root() {
  if [[ $EUID -eq 0 ]]; then
    "$@"
  else
    sudo "$@"
  fi
}

check_creds() {
  if [[ ! -f $CRED_FILE ]]; then
    echo "missing $CRED_FILE (username=/password=/domain= lines)" >&2
    exit 1
  fi
  chmod 600 "$CRED_FILE"
}

is_mounted() { findmnt -rn "$MOUNT_POINT" >/dev/null 2>&1; }

do_mount() {
  if is_mounted; then
    log "$MOUNT_POINT already mounted"
    return 0
  fi
  check_creds
  local gid uid
  gid=$(getent group "$SHARE_GROUP" | cut -d: -f3)
  uid=$(id -u)
  [[ -n $gid ]] || { echo "group $SHARE_GROUP not found" >&2; exit 1; }

  as_root mkdir -p "$MOUNT_POINT"
  local attempt
  for attempt in 1 2 3; do
    if as_root mount -t cifs "$NAS_SHARE" "$MOUNT_POINT" \
        -o "credentials=$CRED_FILE,vers=$SMB_VERSION,uid=$uid,gid=$gid,file_mode=0664,dir_mode=0775,nounix"; then
      break
    fi
    log "mount attempt $attempt failed, retrying"
    sleep $((attempt * 3))
  done
  is_mounted || { log "could not mount $NAS_SHARE"; exit 1; }

  as_root chgrp "$SHARE_GROUP" "$MOUNT_POINT"
  as_root chmod 2775 "$MOUNT_POINT"
  log "mounted $NAS_SHARE on $MOUNT_POINT"
}

do_umount() {
  if ! is_mounted; then
    log "$MOUNT_POINT not mounted"
    return 0
  fi
  sync
  as_root umount "$MOUNT_POINT" || as_root umount -l "$MOUNT_POINT"
  log "unmounted $MOUNT_POINT"
}

show_status() {
  if is_mounted; then
    findmnt "$MOUNT_POINT"
    df -h "$MOUNT_POINT"
  else
    echo "not mounted"
  fi
}

case "${1:-mount}" in
  mount) do_mount ;;
  umount|unmount) do_umount ;;
  status) show_status ;;
  *) echo "usage: $0 [mount|umount|status]" >&2; exit 2 ;;
esac
