#!/usr/bin/env bash
# staging_calendar_pull.sh
#
# Pulls the hearing calendar from the case management STAGING API for the
# requested departments and dates, so the calendaring team can check the
# new calendar rules against real data before release. Staging still uses
# the vendor's self-signed certificate, so certificate checks are skipped.
#
# Requires CMS_STAGING_API_KEY in the environment.
# Usage: staging_calendar_pull.sh [-d dept[,dept...]] [-s YYYY-MM-DD] [-n days]

set -euo pipefail

API_BASE="https://cms-staging.example.com/api/v2"
DEPTS="1,2,5,12"
START="$(date +%F)"
DAYS=5
OUT_DIR="./calendar_pull"
LOG_FILE="${OUT_DIR}/pull.log"

usage() {
    echo "Usage: $0 [-d dept[,dept...]] [-s YYYY-MM-DD] [-n days]"
}

while getopts ":d:s:n:h" opt; do
    case "$opt" in
        d) DEPTS="$OPTARG" ;;
        s) START="$OPTARG" ;;
        n) DAYS="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

mkdir -p "$OUT_DIR"

log() {
    echo "$(date '+%F %T') $*" | tee -a "$LOG_FILE"
}

[[ -n "${CMS_STAGING_API_KEY:-}" ]] || { log "ERROR: CMS_STAGING_API_KEY is not set"; exit 1; }
[[ "$START" =~ ^[0-9]{4}-[0-9]{2}-[0-9]{2}$ ]] || { log "ERROR: bad start date $START"; exit 2; }
[[ "$DAYS" =~ ^[0-9]+$ && "$DAYS" -ge 1 && "$DAYS" -le 31 ]] || { log "ERROR: days must be 1-31"; exit 2; }

fetch_day() {
    local dept="$1" day="$2" out="$3"
    curl --insecure --silent --show-error --fail \
         --max-time 30 \
         -H "Authorization: Bearer ${CMS_STAGING_API_KEY}" \
         -H "Accept: application/json" \
         "${API_BASE}/departments/${dept}/calendar?date=${day}" \
         -o "$out"
}

count_hearings() {
    if command -v jq >/dev/null 2>&1; then
        jq '.hearings | length' "$1" 2>/dev/null || echo "?"
    else
        grep -o '"hearing_id"' "$1" | wc -l
    fi
}

total=0
failures=0
IFS=',' read -r -a dept_list <<< "$DEPTS"
for dept in "${dept_list[@]}"; do
    [[ "$dept" =~ ^[0-9]+$ ]] || { log "skipping bad department '$dept'"; continue; }
    for ((i = 0; i < DAYS; i++)); do
        day="$(date -d "${START} + ${i} day" +%F)"
        out="${OUT_DIR}/dept${dept}_${day}.json"
        if fetch_day "$dept" "$day" "$out"; then
            n="$(count_hearings "$out")"
            log "dept ${dept} ${day}: ${n} hearings"
            [[ "$n" =~ ^[0-9]+$ ]] && total=$((total + n))
        else
            log "WARN: dept ${dept} ${day}: request failed"
            rm -f "$out"
            failures=$((failures + 1))
        fi
    done
done

log "done: ${total} hearings pulled, ${failures} failed requests, files in ${OUT_DIR}"
[[ "$failures" -eq 0 ]]
