#!/usr/bin/env bash
# telemetry_sdcard_loader.sh - load a vessel profile onto a boat telemetry SD card
#
# Run on the hire-base workshop laptop with the card in the USB reader.
# Cards come pre-formatted with a FAT32 partition labelled BOATTEL; this
# mounts that partition, backs up whatever profile is on it and copies the
# vessel's current config across.
#
# Usage: telemetry_sdcard_loader.sh -v VESSEL_ID [-l LABEL]
set -eu

VESSEL=""
LABEL="BOATTEL"
PROFILE_DIR="./profiles"
BACKUP_DIR="./card_backups"

usage() { echo "usage: $0 -v VESSEL_ID [-l label]" >&2; exit 2; }
say()   { echo "[loader] $*"; }

while getopts "v:l:" o; do
  case "$o" in
    v) VESSEL="$OPTARG" ;;
    l) LABEL="$OPTARG" ;;
    *) usage ;;
  esac
done
[ -n "$VESSEL" ] || usage
[ -f "$PROFILE_DIR/$VESSEL.ini" ] || { say "no profile for $VESSEL in $PROFILE_DIR"; exit 1; }

find_partition() {
  local tries=0 p=""
  while [ $tries -lt 10 ]; do
    p=$(blkid -L "$LABEL" 2>/dev/null || true)
    [ -n "$p" ] && { echo "$p"; return 0; }
    tries=$((tries + 1))
    sleep 1
  done
  return 1
}

PART=$(find_partition) || { say "no partition labelled $LABEL - is the card in?"; exit 1; }
say "found $PART"

MNT=$(mktemp -d)
cleanup() {
  sudo umount "$MNT" 2>/dev/null || true
  rmdir "$MNT" 2>/dev/null || true
}
trap cleanup EXIT

sudo mount -o uid="$(id -u)",gid="$(id -g)",umask=077 "$PART" "$MNT"

mkdir -p "$BACKUP_DIR"
if [ -f "$MNT/telemetry.ini" ]; then
  old_vessel=$(cat "$MNT/VESSEL" 2>/dev/null || echo unknown)
  stamp=$(date +%Y%m%d-%H%M%S)
  cp "$MNT/telemetry.ini" "$BACKUP_DIR/${old_vessel}-${stamp}.ini"
  say "backed up previous profile for $old_vessel"
fi

cp "$PROFILE_DIR/$VESSEL.ini" "$MNT/telemetry.ini"
printf '%s\n' "$VESSEL" > "$MNT/VESSEL"
date -u +%FT%TZ > "$MNT/LOADED_AT"
sync

if cmp -s "$PROFILE_DIR/$VESSEL.ini" "$MNT/telemetry.ini"; then
  say "profile verified on card"
else
  say "verification failed"; exit 1
fi
say "card ready for $VESSEL"
