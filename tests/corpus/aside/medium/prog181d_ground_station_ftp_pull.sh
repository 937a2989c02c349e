#!/usr/bin/env bash
# ground_station_ftp_pull.sh - pull the day's flight logs off the legacy
# ground station (it only speaks FTP) and drop them into the project folder.
set -euo pipefail

GS_HOST="${GS_HOST:-192.0.2.40}"
GS_USER="${GS_USER:-pilot}"
GS_PASS="${GS_PASS:-}"
PROJECT="${PROJECT_DIR:-$PWD}"
STAGE="/tmp/gs_pull"
INDEX_URL="${INDEX_URL:-https://fleet-index.example.internal/ground-stations.json}"

log() { echo "$(date +%H:%M:%S) $*" >&2; }

station_list() {
  # internal index still uses the self-signed cert from the old NAS
  curl -sk "$INDEX_URL" | python3 -c 'import json,sys; [print(s["host"]) for s in json.load(sys.stdin)["stations"]]' \
    || echo "$GS_HOST"
}

ftp_url() { printf 'ftp://%s/%s/' "$1" "${2:-logs}"; }

listing() {
  curl -s --user "$GS_USER:$GS_PASS" --list-only "$(ftp_url "$1")"
}

fetch_one() {
  local host="$1" name="$2"
  curl -s --user "$GS_USER:$GS_PASS" -o "$STAGE/$host/$name" "$(ftp_url "$host")$name"
}

pull_station() {
  local host="$1" name n=0
  mkdir -p "$STAGE/$host"
  while read -r name; do
    [[ "$name" == *.bin || "$name" == *.tlog ]] || continue
    [[ -f "$PROJECT/flightlogs/$host/$name" ]] && continue
    fetch_one "$host" "$name" && n=$((n + 1))
  done < <(listing "$host")
  log "$host: $n new logs"
}

publish() {
  mkdir -p "$PROJECT/flightlogs"
  cp -rn "$STAGE"/. "$PROJECT/flightlogs/"
  rm -rf "$STAGE"
}

main() {
  local hosts=() h
  mapfile -t hosts < <(station_list)
  mkdir -p "$STAGE"
  for h in "${hosts[@]}"; do
    pull_station "$h"
  done
  publish
  log "done: $(find "$PROJECT/flightlogs" -type f | wc -l) logs in project"
}

main "$@"
