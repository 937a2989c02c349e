#!/usr/bin/env bash
# Pull scan sessions off the handheld 3D scanner's USB storage into the
# project folder (one folder per weathered block being replaced).
set -euo pipefail

LABEL="${SCANNER_LABEL:-ARTEC_SD}"
MOUNT_POINT="${SCANNER_MNT:-/mnt/scanner}"
DEST="${DEST:-./scans}"
KEEP_MOUNTED=0
VERBOSE=0

log()  { printf '[scanner] %s\n' "$*" >&2; }
vlog() { (( VERBOSE )) && log "$*" || true; }

priv() {
  if (( EUID == 0 )); then "$@"; else sudo "$@"; fi
}

find_device() {
  local dev
  dev="$(blkid -L "$LABEL" 2>/dev/null || true)"
  if [[ -z "$dev" ]]; then
    dev="$(lsblk -rno NAME,LABEL | awk -v l="$LABEL" '$2==l {print "/dev/"$1; exit}')"
  fi
  [[ -n "$dev" ]] || return 1
  printf '%s' "$dev"
}

attach() {
  local dev="$1"
  if mountpoint -q "$MOUNT_POINT"; then
    vlog "$MOUNT_POINT already mounted"
    return 0
  fi
  priv mkdir -p "$MOUNT_POINT"
  priv mount -o ro,uid="$(id -u)",gid="$(id -g)" "$dev" "$MOUNT_POINT"
  log "mounted $dev on $MOUNT_POINT"
}

detach() {
  (( KEEP_MOUNTED )) && return 0
  if mountpoint -q "$MOUNT_POINT"; then
    priv umount "$MOUNT_POINT" && log "unmounted $MOUNT_POINT"
  fi
}

copy_sessions() {
  local -a sessions
  local s n=0
  mapfile -t sessions < <(find "$MOUNT_POINT" -maxdepth 2 -type d -name 'session_*' | sort)
  mkdir -p "$DEST"
  for s in "${sessions[@]}"; do
    if [[ -d "$DEST/${s##*/}" ]]; then
      vlog "already have ${s##*/}"
      continue
    fi
    cp -r "$s" "$DEST/" && n=$((n + 1))
  done
  log "copied $n new session(s) of ${#sessions[@]} into $DEST"
}

while getopts ":l:m:d:kvh" opt; do
  case "$opt" in
    l) LABEL="$OPTARG" ;;
    m) MOUNT_POINT="$OPTARG" ;;
    d) DEST="$OPTARG" ;;
    k) KEEP_MOUNTED=1 ;;
    v) VERBOSE=1 ;;
    h) echo "Usage: ${0##*/} [-l label] [-m mountpoint] [-d dest] [-k] [-v]"; exit 0 ;;
    *) exit 2 ;;
  esac
done

device="$(find_device)" || { log "scanner with label $LABEL not connected"; exit 1; }
trap detach EXIT
attach "$device"
copy_sessions
