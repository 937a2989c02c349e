#!/usr/bin/env bash
# avy_sdcard_import.sh - import snow-pack station logs from the logger SD card.
#
# Patrol brings the SD card down from the study plot once a week. The card
# is labelled AVYLOG and holds one tar.gz per day (station-YYYYMMDD.tar.gz)
# with the raw CSV readings. This script mounts the card, unpacks the new
# days, merges the readings into ./data/<station>.csv and unmounts again.
#
#   avy_sdcard_import.sh [-l LABEL] [-d DATA_DIR] [-k]   (-k: keep staging)

set -euo pipefail

LABEL="AVYLOG"
DATA_DIR="./data"
KEEP_STAGING=0
MOUNTPOINT="/mnt/avylog"
STAGING="/tmp/avy_import"
SEEN_FILE=".imported_days"

while getopts "l:d:k" opt; do
  case $opt in
    l) LABEL=$OPTARG ;;
    d) DATA_DIR=$OPTARG ;;
    k) KEEP_STAGING=1 ;;
    *) echo "usage: $0 [-l label] [-d data_dir] [-k]" >&2; exit 2 ;;
  esac
done

log() { printf '[%(%H:%M:%S)T] %s\n' -1 "$*"; }

find_card() {
  local dev
  dev=$(lsblk -rno PATH,LABEL | awk -v l="$LABEL" '$2 == l {print $1; exit}')
  [[ -n $dev ]] || { log "no card with label $LABEL found"; exit 1; }
  echo "$dev"
}

mount_card() {
  local dev=$1
  sudo mkdir -p "$MOUNTPOINT"
  if ! mountpoint -q "$MOUNTPOINT"; then
    sudo mount -o ro,uid="$(id -u)",gid="$(id -g)" "$dev" "$MOUNTPOINT"
    log "mounted $dev on $MOUNTPOINT"
  fi
}

unmount_card() {
  mountpoint -q "$MOUNTPOINT" && sudo umount "$MOUNTPOINT" && log "card unmounted"
}

unpack_new_days() {
  mkdir -p "$STAGING"
  touch "$SEEN_FILE"
  local n=0 day
  for archive in "$MOUNTPOINT"/*.tar.gz; do
    [[ -e $archive ]] || continue
    day=$(basename "$archive" .tar.gz)
    grep -qx "$day" "$SEEN_FILE" && continue
    tar -xzf "$archive" -C "$STAGING"
    echo "$day" >> "$SEEN_FILE"
    n=$((n + 1))
  done
  log "$n new day(s) unpacked"
}

merge_readings() {
  mkdir -p "$DATA_DIR"
  local csv station target
  while IFS= read -r -d '' csv; do
    station=$(head -n 2 "$csv" | tail -n 1 | cut -d, -f1)
    target="$DATA_DIR/${station:-unknown}.csv"
    if [[ ! -s $target ]]; then
      head -n 1 "$csv" > "$target"
    fi
    tail -n +2 "$csv" >> "$target"
  done < <(find "$STAGING" -name '*.csv' -print0 | sort -z)
  for f in "$DATA_DIR"/*.csv; do
    [[ -e $f ]] || continue
    { head -n 1 "$f"; tail -n +2 "$f" | sort -u -t, -k2,2; } > "$f.new" && mv "$f.new" "$f"
  done
  log "readings merged into $DATA_DIR"
}

cleanup() {
  unmount_card || true
  [[ $KEEP_STAGING -eq 1 ]] || rm -rf "$STAGING"
}
trap cleanup EXIT

dev=$(find_card)
mount_card "$dev"
unpack_new_days
merge_readings
