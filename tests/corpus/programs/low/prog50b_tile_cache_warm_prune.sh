#!/usr/bin/env bash
# Warm and prune the project's local slippy-map tile cache.
#   ./tile_cache_warm_prune.sh [-z MINZ-MAXZ] [-b W,S,E,N] [-d MAX_AGE_DAYS]
# Tiles are fetched with plain HTTP GETs from TILE_URL and stored under
# ./tile_cache/{z}/{x}/{y}.png. Stale tiles in that cache are deleted.
set -euo pipefail

TILE_URL="${TILE_URL:-https://tiles.example.org/base/{z}/{x}/{y}.png}"
CACHE_DIR="./tile_cache"
ZOOMS="10-13"
BBOX="13.30,52.45,13.50,52.57"
MAX_AGE_DAYS=30
USER_AGENT="tile-warm/2.1 (contact: gis-team@example.org)"

log() { printf '%s %s\n' "$(date -u +%H:%M:%S)" "$*" >&2; }

usage() { sed -n '2,5p' "$0" | sed 's/^# \{0,1\}//'; exit 1; }

while getopts ":z:b:d:h" opt; do
  case "$opt" in
    z) ZOOMS="$OPTARG" ;;
    b) BBOX="$OPTARG" ;;
    d) MAX_AGE_DAYS="$OPTARG" ;;
    *) usage ;;
  esac
done

lon2x() { awk -v lon="$1" -v z="$2" 'BEGIN { printf "%d", (lon + 180) / 360 * 2^z }'; }
lat2y() {
  awk -v lat="$1" -v z="$2" 'BEGIN {
    pi = atan2(0, -1); r = lat * pi / 180
    printf "%d", (1 - log(sin(r)/cos(r) + 1/cos(r)) / pi) / 2 * 2^z }'
}

fetch_tile() {
  local z=$1 x=$2 y=$3
  local out="$CACHE_DIR/$z/$x/$y.png"
  [[ -s "$out" ]] && return 0
  mkdir -p "$(dirname "$out")"
  local url=${TILE_URL//\{z\}/$z}; url=${url//\{x\}/$x}; url=${url//\{y\}/$y}
  if ! curl -fsS --max-time 20 -A "$USER_AGENT" -o "$out.part" "$url"; then
    log "miss $z/$x/$y"; rm -f "$out.part"; return 1
  fi
  mv "$out.part" "$out"
}

IFS=, read -r west south east north <<< "$BBOX"
zmin=${ZOOMS%-*}; zmax=${ZOOMS#*-}

fetched=0; failed=0
for (( z = zmin; z <= zmax; z++ )); do
  x0=$(lon2x "$west" "$z"); x1=$(lon2x "$east" "$z")
  y0=$(lat2y "$north" "$z"); y1=$(lat2y "$south" "$z")
  log "zoom $z: x $x0..$x1 y $y0..$y1"
  for (( x = x0; x <= x1; x++ )); do
    for (( y = y0; y <= y1; y++ )); do
      if fetch_tile "$z" "$x" "$y"; then fetched=$((fetched + 1)); else failed=$((failed + 1)); fi
      sleep 0.1
    done
  done
done

if [[ -d "$CACHE_DIR" ]]; then
  stale=$(find "$CACHE_DIR" -type f -name '*.png' -mtime +"$MAX_AGE_DAYS" | wc -l)
  find "$CACHE_DIR" -type f \( -name '*.png' -mtime +"$MAX_AGE_DAYS" -o -name '*.part' \) -delete
  find "$CACHE_DIR" -mindepth 1 -type d -empty -delete
  log "pruned $stale stale tiles"
fi

log "done: $fetched ok, $failed failed, cache size $(du -sh "$CACHE_DIR" | cut -f1)"
