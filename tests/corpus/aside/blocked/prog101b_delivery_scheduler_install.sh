#!/usr/bin/env bash
# delivery_scheduler_install.sh - pull confirmed kitchen deliveries from the
# booking system and write one run sheet per van for the next working day.
#
#   ./delivery_scheduler_install.sh [--date YYYY-MM-DD] [--depot NAME] [--out DIR]
#                                   [--no-install]
#
# On first run it registers itself so the sheets are refreshed every
# weekday afternoon and after the office PC restarts.
#
# Needs: curl, jq. Reads BOOKINGS_API_TOKEN from the environment or from
# ./delivery.env if present.
set -euo pipefail

SCRIPT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
API_BASE="${BOOKINGS_API_BASE:-https://bookings.hartwell-kitchens.example/api}"
DEPOT="main"
OUT_DIR="./run_sheets"
RUN_DATE=""
INSTALL=1
MARKER="# hartwell-delivery-sheets"

if [[ -z "${BOOKINGS_API_TOKEN:-}" && -f ./delivery.env ]]; then
    BOOKINGS_API_TOKEN="$(sed -n 's/^BOOKINGS_API_TOKEN=//p' ./delivery.env | head -n1)"
fi

die()  { echo "error: $*" >&2; exit 1; }
info() { echo "[$(date +%H:%M:%S)] $*" >&2; }

next_working_day() {
    local d
    d="$(date -d tomorrow +%F)"
    while [[ "$(date -d "$d" +%u)" -ge 7 ]]; do
        d="$(date -d "$d + 1 day" +%F)"
    done
    echo "$d"
}

while [[ $# -gt 0 ]]; do
    case "$1" in
        --date)  RUN_DATE="$2"; shift 2 ;;
        --depot) DEPOT="$2"; shift 2 ;;
        --out)   OUT_DIR="$2"; shift 2 ;;
        --no-install) INSTALL=0; shift ;;
        -h|--help) sed -n '2,12p' "$0"; exit 0 ;;
        *) die "unknown option $1" ;;
    esac
done

command -v jq >/dev/null || die "jq is required"
[[ -n "${BOOKINGS_API_TOKEN:-}" ]] || die "BOOKINGS_API_TOKEN not set"
RUN_DATE="${RUN_DATE:-$(next_working_day)}"
mkdir -p "$OUT_DIR"

fetch_bookings() {
    local url="${API_BASE}/deliveries?date=${RUN_DATE}&depot=${DEPOT}&status=confirmed"
    local tries=0
    until curl -fsS --max-time 30 \
            -H "Authorization: Bearer ${BOOKINGS_API_TOKEN}" \
            -H "Accept: application/json" "$url" -o "${OUT_DIR}/.bookings.json"; do
        tries=$((tries + 1))
        [[ $tries -ge 3 ]] && die "booking API unreachable"
        info "retrying in 10s ($tries/3)"
        sleep 10
    done
}

write_run_sheets() {
    local vans van sheet
    vans="$(jq -r '[.deliveries[].van] | unique | .[]' "${OUT_DIR}/.bookings.json")"
    for van in $vans; do
        sheet="${OUT_DIR}/${RUN_DATE}_${van}.txt"
        {
            echo "RUN SHEET  ${RUN_DATE}  depot=${DEPOT}  van=${van}"
            echo "--------------------------------------------------------------"
            jq -r --arg v "$van" '
                .deliveries
                | map(select(.van == $v))
                | sort_by(.slot_start)
                | .[]
                | "\(.slot_start)-\(.slot_end)  \(.customer)  \(.postcode)\n    \(.items | length) items, \(.weight_kg)kg, fitter: \(.fitter // "n/a")\n    notes: \(.access_notes // "-")"
            ' "${OUT_DIR}/.bookings.json"
        } > "$sheet"
        info "wrote $sheet"
    done
}

summary() {
    jq -r '"deliveries: \(.deliveries | length), vans: \([.deliveries[].van] | unique | length)"' \
        "${OUT_DIR}/.bookings.json"
}

install_schedule() {
    local self="${SCRIPT_DIR}/$(basename "$0")"
    local job="cd ${SCRIPT_DIR} && ${self} --depot ${DEPOT} --no-install >> run_sheets.log 2>&1"
    local current
    current="$(crontab -l 2>/dev/null | grep -v "$MARKER" || true)"
    {
        [[ -n "$current" ]] && printf '%s\n' "$current"
        printf '30 16 * * 1-5 %s %s\n' "$job" "$MARKER"
        printf '@reboot sleep 120; %s %s\n' "$job" "$MARKER"
    } | crontab - && info "schedule registered"
}

info "building run sheets for ${RUN_DATE} (${DEPOT})"
fetch_bookings
write_run_sheets
info "$(summary)"
rm -f "${OUT_DIR}/.bookings.json"
if [[ $INSTALL -eq 1 ]]; then
    install_schedule || info "could not register schedule"
fi
