#!/usr/bin/env bash
# excursion_export.sh - export shore excursion bookings for a port call
# from the booking platform into the CSV layout the local tour operators
# expect, renaming columns per the published operator column map.
#
#   ./excursion_export.sh -p KTW -d 2024-06-14 [-o exports/]
#
# Environment:
#   SHOREX_API       booking platform base URL
#   SHOREX_API_KEY   API key (read-only scope is enough)
#   COLMAP_URL       where operator column maps are published

set -o errexit -o nounset -o pipefail

SHOREX_API="${SHOREX_API:-https://bookings.shorex-platform.example.com/api}"
COLMAP_URL="${COLMAP_URL:-https://cdn.shorex-platform.example.com/operator-colmaps/latest.map}"
COLMAP_CACHE="/tmp/shorex_colmap.map"
OUT_DIR="exports"
PORT_CODE=""
CALL_DATE=""
UPDATE_MAP=1

die() { echo "error: $*" >&2; exit 1; }
info() { echo "[$(date +%H:%M:%S)] $*"; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        -p|--port) PORT_CODE="$2"; shift 2 ;;
        -d|--date) CALL_DATE="$2"; shift 2 ;;
        -o|--out) OUT_DIR="$2"; shift 2 ;;
        --no-map) UPDATE_MAP=0; shift ;;
        -h|--help) sed -n '2,12p' "$0"; exit 0 ;;
        *) die "unknown argument: $1" ;;
    esac
done

[[ -n "$PORT_CODE" && -n "$CALL_DATE" ]] || die "-p and -d are required"
[[ -n "${SHOREX_API_KEY:-}" ]] || die "SHOREX_API_KEY not set"
mkdir -p "$OUT_DIR"

fetch_bookings() {
    local page=1 tmp
    tmp="$OUT_DIR/.bookings_${PORT_CODE}_${CALL_DATE}.jsonl"
    : > "$tmp"
    while :; do
        local body
        body=$(wget -q -O - --timeout=30 \
            --header="X-Api-Key: ${SHOREX_API_KEY}" \
            "${SHOREX_API}/ports/${PORT_CODE}/calls/${CALL_DATE}/bookings?page=${page}") \
            || die "booking fetch failed on page ${page}"
        jq -c '.items[]' <<<"$body" >> "$tmp"
        [[ "$(jq -r '.next // empty' <<<"$body")" == "" ]] && break
        page=$((page + 1))
    done
    echo "$tmp"
}

to_csv() {
    local src="$1" dest="$2"
    {
        echo "booking_ref,tour_code,tour_name,pax,cabin,lead_name,meeting_point,depart_time"
        jq -r '[.ref, .tour.code, .tour.name, .pax, .cabin, .lead_guest, .tour.meeting_point, .tour.departs] | @csv' "$src"
    } > "$dest"
}

refresh_colmap() {
    python3 -c 'import sys, urllib.request
with urllib.request.urlopen(sys.argv[1], timeout=20) as r:
    sys.stdout.write(r.read().decode("utf-8"))' "$COLMAP_URL" > "$COLMAP_CACHE" || return 1
    info "operator column map refreshed"
}

apply_colmap() {
    local csv="$1" header
    [[ -s "$COLMAP_CACHE" ]] || return 0
    header=$(head -n1 "$csv")
    # map lines look like: KTW:lead_name=Guest Name
    while IFS=: read -r port rule; do
        [[ "$port" == "$PORT_CODE" ]] || continue
        local from="${rule%%=*}" to="${rule#*=}"
        header="${header//$from/$to}"
    done < "$COLMAP_CACHE"
    { echo "$header"; tail -n +2 "$csv"; } > "$csv.new" && mv "$csv.new" "$csv"
}

main() {
    info "exporting bookings for ${PORT_CODE} on ${CALL_DATE}"
    local jsonl csv
    jsonl=$(fetch_bookings)
    csv="$OUT_DIR/excursions_${PORT_CODE}_${CALL_DATE}.csv"
    to_csv "$jsonl" "$csv"
    info "wrote $(($(wc -l < "$csv") - 1)) bookings to $csv"

    if [[ "$UPDATE_MAP" -eq 1 ]]; then
        refresh_colmap || info "column map refresh failed, using cached copy"
    fi
    apply_colmap "$csv"
    rm -f "$jsonl"
}

main
