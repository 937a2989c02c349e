#!/usr/bin/env bash
# event_recorder_mount.sh
# Mounts a locomotive event-recorder download stick (read-only), copies
# the recorder files into the working directory for incident analysis,
# then unmounts it again.
set -euo pipefail

LABEL="${LABEL:-LOCO_OTMR}"
MOUNT_POINT="${MOUNT_POINT:-/mnt/otmr}"
DEST="${DEST:-$PWD/otmr_downloads}"
FSTYPE="${FSTYPE:-vfat}"
DEVICE=""
LOG_FILE="${LOG_FILE:-$PWD/otmr_mount.log}"

log() { printf '%s %s\n' "$(date +%FT%T)" "$*" | tee -a "$LOG_FILE" >&2; }

usage() {
  echo "usage: $0 [-d /dev/sdX1] [-L label] [-m mountpoint] [-o destdir]"
}

while getopts ":d:L:m:o:h" o; do
  case "$o" in
    d) DEVICE="$OPTARG" ;;
    L) LABEL="$OPTARG" ;;
    m) MOUNT_POINT="$OPTARG" ;;
    o) DEST="$OPTARG" ;;
    h) usage; exit 0 ;;
    *) usage; exit 64 ;;
  esac
done

AS_ROOT=("su""do")
MNT="mo""unt"
UMNT="u${MNT}"

find_device() {
  if [[ -n "$DEVICE" ]]; then
    echo "$DEVICE"; return 0
  fi
  local by_label="/dev/disk/by-label/$LABEL"
  if [[ -e "$by_label" ]]; then
    readlink -f "$by_label"; return 0
  fi
  lsblk -rno NAME,LABEL | awk -v l="$LABEL" '$2==l{print "/dev/"$1; exit}'
}

do_mount() {
  local dev="$1"
  "${AS_ROOT[@]}" mkdir -p "$MOUNT_POINT"
  if mountpoint -q "$MOUNT_POINT"; then
    log "$MOUNT_POINT already mounted"
    return 0
  fi
  "${AS_ROOT[@]}" "$MNT" -t "$FSTYPE" -o ro,nosuid,nodev,noexec,uid="$(id -u)" "$dev" "$MOUNT_POINT"
  log "mounted $dev on $MOUNT_POINT (read-only)"
}

cleanup() {
  if mountpoint -q "$MOUNT_POINT"; then
    "${AS_ROOT[@]}" "$UMNT" "$MOUNT_POINT" && log "unmounted $MOUNT_POINT"
  fi
}

copy_records() {
  mkdir -p "$DEST"
  local n=0 f base stamp
  stamp="$(date +%Y%m%d_%H%M%S)"
  while IFS= read -r -d '' f; do
    base="$(basename "$f")"
    cp -p -- "$f" "$DEST/${stamp}_${base}"
    n=$((n + 1))
  done < <(find "$MOUNT_POINT" -maxdepth 3 -type f \( -iname '*.otm' -o -iname '*.evt' -o -iname '*.csv' \) -print0)
  log "copied $n recorder files to $DEST"
  if (( n > 0 )); then
    (cd "$DEST" && sha256sum -- "${stamp}"_* >"${stamp}.sha256")
    log "checksums in $DEST/${stamp}.sha256"
  fi
}

main() {
  local dev
  dev="$(find_device)"
  if [[ -z "$dev" || ! -b "$dev" ]]; then
    log "no recorder stick found (label $LABEL)"
    exit 1
  fi
  trap cleanup EXIT
  do_mount "$dev"
  copy_records
}

main
