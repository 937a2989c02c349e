#!/usr/bin/env bash
# Fleet status fetch for the branch manager's morning check.
# Pulls vehicle status (fuel, battery, last position time, open faults)
# from the telematics API, writes a CSV in the current directory, and
# acknowledges the fault alerts the manager has reviewed.
#   -b BRANCH     branch code (required)
#   -a IDS        comma separated alert ids to acknowledge
#   -o FILE       output CSV (default ./fleet_status_<branch>.csv)

set -euo pipefail

API="https://telematics-api.example.com/v3"
BRANCH=""
ACK_IDS=""
OUT=""

log() { echo "[fleet-status] $*" >&2; }
die() { log "$*"; exit 1; }

while getopts ":b:a:o:" o; do
    case "$o" in
        b) BRANCH="$OPTARG" ;;
        a) ACK_IDS="$OPTARG" ;;
        o) OUT="$OPTARG" ;;
        *) die "usage: $0 -b branch [-a ids] [-o file]" ;;
    esac
done
[[ -n "$BRANCH" ]] || die "branch code is required (-b)"
OUT="${OUT:-./fleet_status_${BRANCH}.csv}"
: "${TELEMATICS_API_KEY:?set TELEMATICS_API_KEY}"
command -v jq >/dev/null || die "jq is required"

auth_header() {
    printf 'Authorization: Bearer %s' "$TELEMATICS_API_KEY"
}

get_json() {
    curl -fsS --max-time 15 -H "$(auth_header)" -H "Accept: application/json" "${API}$1"
}

post_json() {
    curl -fsS --max-time 15 -X POST \
        -H "$(auth_header)" -H "Content-Type: application/json" \
        --data "$2" "${API}$1"
}

fetch_status() {
    local body
    body="$(get_json "/branches/${BRANCH}/vehicles?fields=plate,fuel,battery_v,last_fix,faults")"
    {
        echo "plate,fuel_pct,battery_v,last_fix,open_faults"
        jq -r '.vehicles[] | [.plate, .fuel, .battery_v, .last_fix, (.faults | length)] | @csv' <<<"$body"
    } >"$OUT"
    chmod 600 "$OUT"
    log "wrote $(( $(wc -l <"$OUT") - 1 )) vehicles to $OUT"
}

summarise() {
    awk -F, 'NR > 1 {
        gsub(/"/, "");
        if ($2 + 0 < 25) low_fuel++;
        if ($3 + 0 < 11.8) weak_batt++;
        if ($5 + 0 > 0) faulty++;
    } END {
        printf "low fuel: %d  weak battery: %d  with faults: %d\n", low_fuel, weak_batt, faulty
    }' "$OUT"
}

acknowledge() {
    [[ -n "$ACK_IDS" ]] || return 0
    local ids_json
    ids_json="$(jq -cn --arg ids "$ACK_IDS" '$ids | split(",") | map(select(length > 0))')"
    local payload
    payload="$(jq -cn --argjson ids "$ids_json" --arg by "${USER:-manager}" \
        '{alert_ids: $ids, acknowledged_by: $by}')"
    if post_json "/branches/${BRANCH}/alerts/ack" "$payload" >/dev/null; then
        log "acknowledged alerts: $ACK_IDS"
    else
        log "could not acknowledge alerts"
        return 1
    fi
}

main() {
    fetch_status || die "status fetch failed"
    summarise
    acknowledge
}

main
