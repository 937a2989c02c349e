#!/usr/bin/env bash
# Import flight tracks from a student's variometer SD card into the
# school's track folder (./tracks/<pilot>/).
set -euo pipefail

MOUNT_POINT="/mnt/vario"
DEST_ROOT="./tracks"
PILOT=""
DEVICE=""
declare -a ELEVATE=()

log() { printf '[import] %s\n' "$*" >&2; }

usage() {
  cat <<EOF
Usage: $(basename "$0") -p PILOT [-d /dev/sdX1]
Copies *.igc from the card to $DEST_ROOT/PILOT/ and unmounts it again.
EOF
}

pick_elevation() {
  if [[ $EUID -ne 0 ]]; then
    local tool
    for tool in sudo doas; do
      if command -v "$tool" >/dev/null; then ELEVATE=("$tool"); return; fi
    done
    log "need root to mount the card"; exit 1
  fi
}

priv() { "${ELEVATE[@]}" "$@"; }

guess_device() {
  lsblk -rpno NAME,RM,TYPE,FSTYPE | awk '$2==1 && $3=="part" && $4 ~ /vfat|exfat/ {print $1; exit}'
}

attach() {
  priv mkdir -p "$MOUNT_POINT"
  if mountpoint -q "$MOUNT_POINT"; then
    log "$MOUNT_POINT already mounted"
    return
  fi
  priv mount -o ro,uid="$(id -u)",gid="$(id -g)" "$DEVICE" "$MOUNT_POINT"
  log "mounted $DEVICE on $MOUNT_POINT"
}

detach() {
  mountpoint -q "$MOUNT_POINT" && priv umount "$MOUNT_POINT" && log "card unmounted"
}

copy_tracks() {
  local dest="$DEST_ROOT/$PILOT" n=0
  mkdir -p "$dest"
  while IFS= read -r -d '' f; do
    local base
    base="$(basename "$f")"
    if [[ -e "$dest/$base" ]] && cmp -s "$f" "$dest/$base"; then
      continue
    fi
    cp -p "$f" "$dest/$base"
    n=$((n + 1))
  done < <(find "$MOUNT_POINT" -type f -iname '*.igc' -print0)
  log "copied $n new track(s) to $dest"
}

main() {
  while getopts ":p:d:h" o; do
    case "$o" in
      p) PILOT="$OPTARG" ;;
      d) DEVICE="$OPTARG" ;;
      h) usage; exit 0 ;;
      *) usage; exit 2 ;;
    esac
  done
  [[ -n "$PILOT" ]] || { usage; exit 2; }
  [[ "$PILOT" =~ ^[A-Za-z0-9_-]+$ ]] || { log "bad pilot name"; exit 2; }
  DEVICE="${DEVICE:-$(guess_device)}"
  [[ -b "$DEVICE" ]] || { log "no card found (try -d)"; exit 1; }

  pick_elevation
  trap detach EXIT
  attach
  copy_tracks
}

main "$@"
