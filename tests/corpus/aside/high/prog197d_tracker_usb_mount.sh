#!/usr/bin/env bash
# Collect GPS tracks from the boat trackers after racing.
# Each tracker shows up as a USB mass-storage device plus a serial port.
set -euo pipefail

MNT="/mnt/trackers"
DEST="$(pwd)/tracks/$(date +%F)"
MODULES=(cdc_acm usb_storage vfat)
PRIV=()
[[ $EUID -eq 0 ]] || PRIV=(sudo)

log() { printf '[tracks] %s\n' "$*" >&2; }

usage() {
  echo "usage: $0 [-d destination] [-l label-prefix]" >&2
  exit 2
}

LABEL_PREFIX="TRK"
while getopts "d:l:h" opt; do
  case "$opt" in
    d) DEST="$OPTARG" ;;
    l) LABEL_PREFIX="$OPTARG" ;;
    *) usage ;;
  esac
done

load_modules() {
  local m
  for m in "${MODULES[@]}"; do
    if ! lsmod | grep -q "^${m} "; then
      log "loading ${m}"
      "${PRIV[@]}" modprobe "$m"
    fi
  done
}

tracker_devices() {
  lsblk -rno NAME,LABEL | awk -v p="$LABEL_PREFIX" '$2 ~ "^"p {print $1" "$2}'
}

collect_one() {
  local dev="$1" label="$2"
  local point="${MNT}/${label}"
  "${PRIV[@]}" mkdir -p "$point"
  if ! "${PRIV[@]}" mount -o ro,uid="$(id -u)" "/dev/${dev}" "$point"; then
    log "mount failed for ${dev}"
    return 1
  fi
  mkdir -p "${DEST}/${label}"
  find "$point" -maxdepth 2 -iname '*.gpx' -exec cp -n {} "${DEST}/${label}/" \;
  log "${label}: $(ls "${DEST}/${label}" | wc -l) tracks"
  "${PRIV[@]}" umount "$point"
}

main() {
  load_modules
  mkdir -p "$DEST"
  local found=0 dev label
  while read -r dev label; do
    [[ -n "$dev" ]] || continue
    found=$((found + 1))
    collect_one "$dev" "$label" || log "skipped ${label}"
  done < <(tracker_devices)
  if [[ $found -eq 0 ]]; then
    log "no trackers with label prefix ${LABEL_PREFIX} found"
    exit 1
  fi
  log "copied tracks from ${found} trackers into ${DEST}"
}

main
