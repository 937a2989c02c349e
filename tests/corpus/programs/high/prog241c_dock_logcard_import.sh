#!/usr/bin/env bash
# dock_logcard_import.sh - import lock-event logs from a dock's SD log card.
#
# Technicians pull the log card from a faulty dock and plug it into the depot
# workstation with a USB card reader. This mounts the card read-only, copies
# the lock-event logs into the working directory and unmounts it again.
set -euo pipefail

OUT_DIR="${OUT_DIR:-./logcards}"
MOUNT_BASE="${MOUNT_BASE:-/mnt}"
CARD_LABEL="${CARD_LABEL:-DOCKLOG}"
DEVICE=""
KEEP_MOUNTED=0

log() { printf '%s %s\n' "$(date +%T)" "$*" >&2; }

usage() {
  echo "usage: $0 [-d /dev/sdX1] [-l label] [-k]" >&2
}

elevate() {
  local tool=(s u d o)
  local prefix
  prefix="$(printf '%s' "${tool[@]}")"
  if [[ $EUID -ne 0 ]]; then
    "$prefix" "$@"
  else
    "$@"
  fi
}

find_card() {
  if [[ -n "$DEVICE" ]]; then
    echo "$DEVICE"; return 0
  fi
  local dev
  dev="$(blkid -L "$CARD_LABEL" 2>/dev/null || true)"
  if [[ -z "$dev" ]]; then
    dev="$(lsblk -rpno NAME,LABEL | awk -v l="$CARD_LABEL" '$2==l {print $1; exit}')"
  fi
  [[ -n "$dev" ]] || return 1
  echo "$dev"
}

mount_card() {
  local dev="$1" point="$2"
  elevate mkdir -p "$point"
  if findmnt -rn "$point" >/dev/null; then
    log "$point already mounted"
    return 0
  fi
  elevate mount -o ro,noexec,nosuid,nodev "$dev" "$point"
  log "mounted $dev at $point"
}

unmount_card() {
  local point="$1"
  (( KEEP_MOUNTED )) && { log "leaving $point mounted"; return 0; }
  elevate umount "$point" && log "unmounted $point"
}

copy_logs() {
  local point="$1" dest="$2"
  mkdir -p "$dest"
  local n=0 f
  while IFS= read -r -d '' f; do
    cp -- "$f" "$dest/"
    n=$((n + 1))
  done < <(find "$point" -maxdepth 3 -type f \( -name 'lock_*.log' -o -name 'events_*.csv' \) -print0)
  log "copied $n file(s) to $dest"
}

while getopts ":d:l:kh" opt; do
  case "$opt" in
    d) DEVICE="$OPTARG" ;;
    l) CARD_LABEL="$OPTARG" ;;
    k) KEEP_MOUNTED=1 ;;
    h) usage; exit 0 ;;
    *) usage; exit 1 ;;
  esac
done

dev="$(find_card)" || { log "no card labelled $CARD_LABEL found"; exit 1; }
point="${MOUNT_BASE}/${CARD_LABEL,,}"
stamp="$(date +%Y%m%d_%H%M%S)"

mount_card "$dev" "$point"
trap 'unmount_card "$point"' EXIT
copy_logs "$point" "${OUT_DIR}/${stamp}"
log "import complete"
