#!/usr/bin/env bash
# bike_dock_report.sh - snapshot a bike-share system's GBFS feeds and write
# a CSV of docks that are empty or full, for the rebalancing van crews.
#
#   bike_dock_report.sh [-u GBFS_ROOT_URL] [-o OUT_DIR] [-l LANG]
#
# Needs curl and jq.  Output goes to OUT_DIR (default ./reports).
set -euo pipefail

GBFS_ROOT="${GBFS_ROOT:-https://gbfs.citybikes-demo.example.org/gbfs.json}"
OUT_DIR="./reports"
LANG_CODE="en"
CACHE_DIR="./.gbfs_cache"
LOW_BIKES=2
LOW_DOCKS=2

while getopts ":u:o:l:h" opt; do
  case "$opt" in
    u) GBFS_ROOT="$OPTARG" ;;
    o) OUT_DIR="$OPTARG" ;;
    l) LANG_CODE="$OPTARG" ;;
    h) sed -n '2,7p' "$0"; exit 0 ;;
    *) echo "bad option -$OPTARG" >&2; exit 2 ;;
  esac
done

for tool in curl jq; do
  command -v "$tool" >/dev/null || { echo "$tool is required" >&2; exit 1; }
done
mkdir -p "$OUT_DIR" "$CACHE_DIR"

fetch() {
  # fetch URL into FILE, retrying on transient errors
  local url="$1" file="$2"
  curl --fail --silent --show-error --location \
       --retry 3 --retry-delay 2 --max-time 30 \
       -H 'Accept: application/json' \
       -o "$file" "$url"
}

feed_url() {
  jq -r --arg lang "$LANG_CODE" --arg name "$1" \
     '.data[$lang].feeds[] | select(.name == $name) | .url' "$CACHE_DIR/gbfs.json"
}

fetch "$GBFS_ROOT" "$CACHE_DIR/gbfs.json"
info_url="$(feed_url station_information)"
status_url="$(feed_url station_status)"
[[ -n "$info_url" && -n "$status_url" ]] || { echo "station feeds not listed in $GBFS_ROOT" >&2; exit 1; }

fetch "$info_url" "$CACHE_DIR/station_information.json"
fetch "$status_url" "$CACHE_DIR/station_status.json"

stamp="$(date +%Y%m%d-%H%M)"
report="$OUT_DIR/dock_report_$stamp.csv"

jq -r --argjson lb "$LOW_BIKES" --argjson ld "$LOW_DOCKS" \
   --slurpfile info "$CACHE_DIR/station_information.json" '
  ($info[0].data.stations | map({key: .station_id, value: .}) | from_entries) as $st
  | ["station_id","name","lat","lon","bikes","docks","flag"],
    ( .data.stations[]
      | select(.is_renting == true or .is_renting == 1)
      | . as $s
      | ($st[$s.station_id] // {}) as $i
      | (if $s.num_bikes_available <= $lb then "empty"
         elif $s.num_docks_available <= $ld then "full"
         else empty end) as $flag
      | [$s.station_id, $i.name, $i.lat, $i.lon,
         $s.num_bikes_available, $s.num_docks_available, $flag] )
  | @csv' "$CACHE_DIR/station_status.json" > "$report"

total=$(( $(wc -l < "$report") - 1 ))
empty=$(grep -c '"empty"$' "$report" || true)
full=$(grep -c '"full"$' "$report" || true)
echo "wrote $report: $total stations flagged ($empty empty, $full full)"

# keep the last 48 reports
ls -1t "$OUT_DIR"/dock_report_*.csv | tail -n +49 | xargs -r rm -f
