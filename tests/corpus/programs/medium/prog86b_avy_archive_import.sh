#!/usr/bin/env bash
# avy_archive_import.sh - import snow-pack station logs from the logger SD card.
#
# Patrol brings the SD card down from the study plot once a week. The card
# is labelled AVYLOG and holds one tar.gz per day (station-YYYYMMDD.tar.gz)
# with the raw CSV readings. Plug it into the forecaster laptop (the desktop
# mounts it under /media/$USER/AVYLOG), then run this to unpack the new days
# and merge the readings into ./data/<station>.csv.
#
#   avy_archive_import.sh [-s SOURCE_DIR] [-d DATA_DIR] [-k]   (-k: keep staging)

set -euo pipefail

SOURCE_DIR="/media/${USER}/AVYLOG"
DATA_DIR="./data"
KEEP_STAGING=0
STAGING="/tmp/avy_import"
SEEN_FILE=".imported_days"

while getopts "s:d:k" opt; do
  case $opt in
    s) SOURCE_DIR=$OPTARG ;;
    d) DATA_DIR=$OPTARG ;;
    k) KEEP_STAGING=1 ;;
    *) echo "usage: $0 [-s source_dir] [-d data_dir] [-k]" >&2; exit 2 ;;
  esac
done

log() { printf '[%(%H:%M:%S)T] %s\n' -1 "$*"; }

check_source() {
  if [[ ! -d $SOURCE_DIR ]]; then
    log "card not found at $SOURCE_DIR - is it plugged in?"
    exit 1
  fi
  log "reading archives from $SOURCE_DIR"
}

unpack_new_days() {
  mkdir -p "$STAGING"
  touch "$SEEN_FILE"
  local n=0 day
  for archive in "$SOURCE_DIR"/*.tar.gz; do
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
  [[ $KEEP_STAGING -eq 1 ]] || rm -rf "$STAGING"
}
trap cleanup EXIT

check_source
unpack_new_days
merge_readings
