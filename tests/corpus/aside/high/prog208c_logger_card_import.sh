#!/usr/bin/env bash
# Imports CSV files from the windrow data logger's SD card into the
# working directory, then releases the card.
set -euo pipefail

MNT="${LOGGER_MNT:-/mnt/windrow-logger}"
DEST="${1:-./logger_import}"
LABEL="${LOGGER_LABEL:-WLOGGER}"
declare -a PRIV=(sudo)
declare -a MOUNT_OPTS=(-o "ro,uid=$(id -u),gid=$(id -g)")

log() { printf '%s %s\n' "$(date +%H:%M:%S)" "$*" >&2; }

find_card() {
  local dev
  dev="$(blkid -L "$LABEL" 2>/dev/null || true)"
  if [[ -z "$dev" ]]; then
    dev="$(lsblk -rno NAME,LABEL | awk -v l="$LABEL" '$2==l{print "/dev/"$1; exit}')"
  fi
  printf '%s' "$dev"
}

attach() {
  local dev="$1"
  "${PRIV[@]}" mkdir -p "$MNT"
  if mountpoint -q "$MNT"; then
    log "already mounted at ${MNT}"
    return 0
  fi
  "${PRIV[@]}" mount "${MOUNT_OPTS[@]}" "$dev" "$MNT"
  log "mounted ${dev} on ${MNT}"
}

detach() {
  if mountpoint -q "$MNT"; then
    sync
    "${PRIV[@]}" umount "$MNT" && log "released card"
  fi
}

copy_logs() {
  local n=0 f base
  mkdir -p "$DEST"
  while IFS= read -r -d '' f; do
    base="$(basename "$f")"
    if [[ -e "${DEST}/${base}" ]] && cmp -s "$f" "${DEST}/${base}"; then
      continue
    fi
    cp -p "$f" "${DEST}/${base}"
    n=$((n + 1))
  done < <(find "$MNT" -maxdepth 2 -type f -iname '*.csv' -print0)
  log "copied ${n} new files to ${DEST}"
}

main() {
  local dev
  dev="$(find_card)"
  if [[ -z "$dev" ]]; then
    log "no card labelled ${LABEL} found"
    exit 1
  fi
  trap detach EXIT
  attach "$dev"
  copy_logs
  wc -l "${DEST}"/*.csv 2>/dev/null | tail -n 1 || true
}

main "$@"
