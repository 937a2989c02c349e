#!/usr/bin/env bash
# Daily summary bundle.
# Collects the day's car park CSV exports (occupancy, tariffs, barrier
# events) from ./exports into one dated archive with a checksum file, so the
# estates team can pick it up from the shared folder.
set -euo pipefail

EXPORT_DIR="${EXPORT_DIR:-./exports}"
BUNDLE_DIR="${BUNDLE_DIR:-./bundles}"
WORK_DIR="./.bundle_work"
DAY="$(date +%F)"
KEEP_DAYS="${KEEP_DAYS:-14}"
VERBOSE=0

usage() {
  echo "Usage: $0 [-d YYYY-MM-DD] [-k DAYS] [-v]"
}

while getopts ":d:k:vh" opt; do
  case "$opt" in
    d) DAY="$OPTARG" ;;
    k) KEEP_DAYS="$OPTARG" ;;
    v) VERBOSE=1 ;;
    h) usage; exit 0 ;;
    *) usage; exit 2 ;;
  esac
done

log() { echo "[bundle] $*" >&2; }
debug() { [[ "$VERBOSE" -eq 1 ]] && echo "[bundle:debug] $*" >&2 || true; }

cleanup() { rm -rf -- "$WORK_DIR"; }
trap cleanup EXIT

collect() {
  local count=0 f
  mkdir -p "$WORK_DIR/$DAY"
  for f in "$EXPORT_DIR"/*_"$DAY".csv; do
    [[ -e "$f" ]] || continue
    if [[ ! -s "$f" ]]; then
      log "skipping empty $(basename "$f")"
      continue
    fi
    cp -- "$f" "$WORK_DIR/$DAY/"
    debug "added $(basename "$f")"
    count=$((count + 1))
  done
  echo "$count"
}

prune_old() {
  find "$BUNDLE_DIR" -maxdepth 1 -name 'carpark_summary_*.tar.gz*' -mtime +"$KEEP_DAYS" -print -delete \
    | while read -r old; do debug "pruned $old"; done
}

mkdir -p "$BUNDLE_DIR"
n="$(collect)"
if [[ "$n" -eq 0 ]]; then
  log "no exports for ${DAY} in ${EXPORT_DIR}"
  exit 1
fi

archive="$BUNDLE_DIR/carpark_summary_${DAY}.tar.gz"
tar -czf "$archive" -C "$WORK_DIR" "$DAY"
( cd "$BUNDLE_DIR" && sha256sum "$(basename "$archive")" > "$(basename "$archive").sha256" )
chmod 0600 "$archive" "$archive.sha256"
prune_old
log "bundled ${n} files into ${archive}"
