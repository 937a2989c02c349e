#!/usr/bin/env bash
# rest_hours_check.sh - flag crew who are short of their minimum rest.
#
# Reads the timesheet export (crew,date,rest_hours) produced by the
# rostering tool and reports anyone below the minimum daily rest, plus a
# per-rank summary, so the mate can adjust the watch bill before sailing.

set -euo pipefail

TIMESHEET="./timesheets/rest.csv"
MIN_REST="${MIN_REST:-10}"
REPORT="./rest-hours-report.txt"
LOG_FILE="./rest-hours-check.log"

log() {
    printf '%s %s\n' "$(date '+%F %T')" "$*" >> "$LOG_FILE"
}

usage() {
    cat <<USAGE
Usage: $0 [-f timesheet.csv] [-m min_rest_hours] [-d YYYY-MM-DD]
  -f  timesheet export (default $TIMESHEET)
  -m  minimum daily rest in hours (default $MIN_REST)
  -d  only check this date
USAGE
}

ONLY_DATE=""
while getopts ":f:m:d:h" opt; do
    case "$opt" in
        f) TIMESHEET="$OPTARG" ;;
        m) MIN_REST="$OPTARG" ;;
        d) ONLY_DATE="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

if [[ ! -f "$TIMESHEET" ]]; then
    echo "timesheet not found: $TIMESHEET" >&2
    exit 1
fi
if ! [[ "$MIN_REST" =~ ^[0-9]+(\.[0-9]+)?$ ]]; then
    echo "minimum rest must be a number" >&2
    exit 2
fi

find_shortfalls() {
    awk -F, -v min="$MIN_REST" -v day="$ONLY_DATE" '
        NR == 1 { next }
        day != "" && $3 != day { next }
        $4 + 0 < min + 0 {
            printf "%-10s %-22s %-10s rest %5.1f h (short %.1f h)\n", $3, $1, $2, $4, min - $4
        }
    ' "$TIMESHEET"
}

rank_summary() {
    awk -F, -v day="$ONLY_DATE" '
        NR == 1 { next }
        day != "" && $3 != day { next }
        { sum[$2] += $4; n[$2]++ }
        END {
            for (r in sum) printf "%-10s avg rest %5.1f h over %d entries\n", r, sum[r] / n[r], n[r]
        }
    ' "$TIMESHEET" | sort
}

main() {
    log "checking $TIMESHEET min=$MIN_REST date=${ONLY_DATE:-all}"
    local shortfalls count
    shortfalls="$(find_shortfalls)"
    count=0
    [[ -n "$shortfalls" ]] && count="$(printf '%s\n' "$shortfalls" | wc -l)"
    {
        echo "Rest hours check - $(date '+%F %H:%M')"
        echo "Minimum daily rest: $MIN_REST h"
        echo
        echo "Shortfalls ($count):"
        if [[ "$count" -gt 0 ]]; then
            printf '%s\n' "$shortfalls"
        else
            echo "  none"
        fi
        echo
        echo "By rank:"
        rank_summary
    } > "$REPORT"
    cat "$REPORT"
    log "$count shortfall(s) written to $REPORT"
    [[ "$count" -eq 0 ]]
}

main
