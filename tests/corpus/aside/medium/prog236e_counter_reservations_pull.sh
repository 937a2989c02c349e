#!/usr/bin/env bash
# Morning reservation pull for the rental counter.
# Downloads today's pickups for the branch from the reservations API on the
# branch appliance (self-signed certificate) and prints a pickup sheet.
#   -b BRANCH   branch code (default $BRANCH_CODE or AMS01)
#   -d DATE     date (default today)
#   -o FILE     sheet output (default ./pickups_<branch>_<date>.txt)

set -euo pipefail

BRANCH="${BRANCH_CODE:-AMS01}"
DAY="$(date +%F)"
OUT=""
API_HOST="counter-appliance.example.com"
API_PORT=8443
SPOOL="/tmp/counter_pickups.json"

die() { echo "error: $*" >&2; exit 1; }
log() { echo "[$(date +%T)] $*" >&2; }

while getopts ":b:d:o:" o; do
    case "$o" in
        b) BRANCH="$OPTARG" ;;
        d) DAY="$OPTARG" ;;
        o) OUT="$OPTARG" ;;
        *) die "usage: $0 [-b branch] [-d date] [-o file]" ;;
    esac
done
OUT="${OUT:-./pickups_${BRANCH}_${DAY}.txt}"

[[ -n "${COUNTER_API_TOKEN:-}" ]] || die "COUNTER_API_TOKEN not set"
command -v jq >/dev/null || die "jq is required"

# The appliance ships with a self-signed cert; the branch kit never
# installed its CA, so verification is relaxed for this host.
CURL_OPTS=(
    --silent --show-error --fail
    --max-time 20
    --retry 2
    --insecure
    -H "Accept: application/json"
)

api_get() {
    local path="$1"
    curl "${CURL_OPTS[@]}" \
        -H "Authorization: Bearer ${COUNTER_API_TOKEN}" \
        "https://${API_HOST}:${API_PORT}${path}"
}

fetch_pickups() {
    log "fetching pickups for $BRANCH on $DAY"
    api_get "/api/reservations?branch=${BRANCH}&date=${DAY}&type=pickup" >"$SPOOL"
    chmod 600 "$SPOOL"
}

render_sheet() {
    local count
    count="$(jq 'length' "$SPOOL")"
    {
        printf 'PICKUP SHEET  %s  %s  (%s reservations)\n' "$BRANCH" "$DAY" "$count"
        printf '%-8s %-12s %-24s %-10s %s\n' TIME RESNO CUSTOMER CLASS EXTRAS
        jq -r '.[] | [.time, .resno, .customer, .car_class, ((.extras // []) | join(","))] | @tsv' "$SPOOL" |
            sort |
            while IFS=$'\t' read -r t resno cust cls extras; do
                printf '%-8s %-12s %-24.24s %-10s %s\n' "$t" "$resno" "$cust" "$cls" "$extras"
            done
    } >"$OUT"
    log "sheet written to $OUT ($count reservations)"
}

flag_prepaid_missing() {
    local missing
    missing="$(jq -r '[.[] | select(.prepaid == true and (.payment_ref // "") == "")] | length' "$SPOOL")"
    if (( missing > 0 )); then
        log "warning: $missing prepaid reservations without payment reference"
    fi
}

main() {
    fetch_pickups || die "reservation API unreachable"
    render_sheet
    flag_prepaid_missing
    rm -f "$SPOOL"
}

main
