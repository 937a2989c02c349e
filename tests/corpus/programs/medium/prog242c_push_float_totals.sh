#!/usr/bin/env bash
# push_float_totals.sh - send end-of-night till float counts to finance.
#
# Each bar supervisor fills in floats.csv (till_id,bar,counted_pence,
# expected_pence) in the working directory at close. This script validates
# the file, builds a JSON document and posts it to the finance portal API.
# The portal sits behind the union's self-signed certificate, so curl is run
# with certificate checks turned off.
#
# Needs FINANCE_API_KEY in the environment.

set -uo pipefail

FLOATS_FILE="floats.csv"
API_URL="https://finance.example.org/api/v2/floats"
NIGHT="$(date +%F)"
DRY_RUN=0
LOG_FILE="./float_push.log"

log() {
    local msg
    msg="$(date '+%F %T') [$1] $2"
    echo "$msg" >&2
    echo "$msg" >> "$LOG_FILE"
}

usage() {
    echo "Usage: $0 [-f floats.csv] [-d YYYY-MM-DD] [-n]" >&2
}

while getopts ":f:d:nh" opt; do
    case "$opt" in
        f) FLOATS_FILE="$OPTARG" ;;
        d) NIGHT="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 64 ;;
    esac
done

if [[ ! -f "$FLOATS_FILE" ]]; then
    log ERROR "no float file $FLOATS_FILE"
    exit 66
fi
if [[ -z "${FINANCE_API_KEY:-}" && $DRY_RUN -eq 0 ]]; then
    log ERROR "FINANCE_API_KEY is not set"
    exit 2
fi

entries=()
total_diff=0
line_no=0
while IFS=, read -r till_id bar counted expected; do
    line_no=$((line_no + 1))
    [[ $line_no -eq 1 && "$till_id" == "till_id" ]] && continue
    [[ -z "$till_id" ]] && continue
    if ! [[ "$counted" =~ ^[0-9]+$ && "$expected" =~ ^[0-9]+$ ]]; then
        log WARN "line $line_no: non-numeric amounts, skipped"
        continue
    fi
    diff=$((counted - expected))
    total_diff=$((total_diff + diff))
    if (( diff > 500 || diff < -500 )); then
        log WARN "till $till_id ($bar) is out by ${diff}p"
    fi
    entries+=("{\"till_id\":\"$till_id\",\"bar\":\"$bar\",\"counted_pence\":$counted,\"expected_pence\":$expected,\"difference_pence\":$diff}")
done < "$FLOATS_FILE"

if [[ ${#entries[@]} -eq 0 ]]; then
    log ERROR "no valid float lines found"
    exit 1
fi

joined=$(IFS=,; echo "${entries[*]}")
payload="{\"night\":\"$NIGHT\",\"total_difference_pence\":$total_diff,\"tills\":[$joined]}"

if [[ $DRY_RUN -eq 1 ]]; then
    echo "$payload"
    exit 0
fi

log INFO "posting ${#entries[@]} floats for $NIGHT (net ${total_diff}p)"
http_code=$(curl -sS -k --max-time 30 \
    -o ./float_push_response.json -w '%{http_code}' \
    -H "Authorization: Bearer ${FINANCE_API_KEY}" \
    -H "Content-Type: application/json" \
    -X POST --data "$payload" "$API_URL")
rc=$?

if [[ $rc -ne 0 ]]; then
    log ERROR "curl failed with exit code $rc"
    exit 1
fi
if [[ "$http_code" != 2* ]]; then
    log ERROR "finance portal returned HTTP $http_code"
    exit 1
fi
log INFO "floats accepted (HTTP $http_code)"
exit 0
