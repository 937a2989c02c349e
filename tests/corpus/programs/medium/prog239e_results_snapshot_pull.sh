#!/usr/bin/env bash
# results_snapshot_pull.sh - pull the published results snapshot for the kiosk
#
# The results kiosks in the finish village show a static copy of the
# results site. The staging server uses a self-signed certificate on race
# day, so certificate checks are skipped for it.
#   results_snapshot_pull.sh [-e EVENT] [-o DIR]
set -u

EVENT="city-marathon"
OUT_DIR="./kiosk_site"
STAGE="staging.results.example.org"
SPOOL="/tmp/results_snapshot"
LOCK="/tmp/results_snapshot.lock"
LOGF="./snapshot_pull.log"

while getopts ":e:o:" o; do
  case "$o" in
    e) EVENT="$OPTARG" ;;
    o) OUT_DIR="$OPTARG" ;;
    *) echo "usage: $0 [-e EVENT] [-o DIR]" >&2; exit 1 ;;
  esac
done

log() { echo "$(date '+%F %T') $*" | tee -a "$LOGF"; }

CURL_OPTS=(--silent --show-error --fail --max-time 120)
# staging cert is self-signed on race day
CURL_OPTS+=(--insecure)

take_lock() {
  if [[ -e "$LOCK" ]]; then
    log "another pull is running (lock $LOCK)"
    exit 0
  fi
  echo $$ >"$LOCK"
  trap 'rm -f "$LOCK"' EXIT
}

fetch_manifest() {
  curl "${CURL_OPTS[@]}" "https://$STAGE/snapshots/$EVENT/latest.json" -o "$SPOOL.json"
}

snapshot_url() {
  python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["archive"])' "$SPOOL.json"
}

fetch_archive() {
  local url="$1"
  case "$url" in
    https://"$STAGE"/*) ;;
    *) log "refusing archive outside $STAGE: $url"; return 1 ;;
  esac
  curl "${CURL_OPTS[@]}" "$url" -o "$SPOOL.tar.gz"
}

unpack() {
  local stage_dir
  stage_dir="$(mktemp -d "./.kiosk_new.XXXX")"
  if ! tar -xzf "$SPOOL.tar.gz" -C "$stage_dir" --no-same-owner; then
    rm -rf "$stage_dir"
    return 1
  fi
  if [[ ! -f "$stage_dir/index.html" ]]; then
    log "snapshot has no index.html"
    rm -rf "$stage_dir"
    return 1
  fi
  rm -rf "$OUT_DIR.old"
  [[ -d "$OUT_DIR" ]] && mv "$OUT_DIR" "$OUT_DIR.old"
  mv "$stage_dir" "$OUT_DIR"
}

main() {
  take_lock
  log "pulling snapshot for $EVENT"
  fetch_manifest || { log "manifest download failed"; exit 2; }
  local url
  url="$(snapshot_url)" || { log "bad manifest"; exit 2; }
  fetch_archive "$url" || { log "archive download failed"; exit 2; }
  unpack || { log "unpack failed"; exit 3; }
  rm -f "$SPOOL.json" "$SPOOL.tar.gz"
  log "kiosk site updated in $OUT_DIR ($(find "$OUT_DIR" -type f | wc -l) files)"
}

main
