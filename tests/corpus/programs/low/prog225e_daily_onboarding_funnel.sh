#!/usr/bin/env bash
# daily_onboarding_funnel.sh - summarise the seller onboarding funnel from
# the daily application export.
#
# Input is the CSV export from the onboarding console:
#   application_id,seller_id,country,stage,risk_band,submitted_at
# Output is a plain-text funnel report (by stage, country and risk band)
# in ./reports/, plus a small cache of per-day counts for trend lines.
#
# Usage: daily_onboarding_funnel.sh -f export.csv [-d YYYY-MM-DD] [-c]  (-c clears cache)

set -euo pipefail

EXPORT=""
DAY="$(date +%F)"
CLEAR_CACHE=0
REPORT_DIR="./reports"
CACHE_DIR="./.funnel_cache"

log() {
    echo "$(date '+%T') [$1] $2" >&2
}

while getopts ":f:d:ch" opt; do
    case "$opt" in
        f) EXPORT="$OPTARG" ;;
        d) DAY="$OPTARG" ;;
        c) CLEAR_CACHE=1 ;;
        h|*) echo "usage: $0 -f export.csv [-d day] [-c]"; exit 1 ;;
    esac
done

[[ -n "$EXPORT" ]] || { log ERROR "-f export.csv is required"; exit 1; }
[[ -r "$EXPORT" ]] || { log ERROR "cannot read $EXPORT"; exit 1; }
[[ "$DAY" =~ ^[0-9]{4}-[0-9]{2}-[0-9]{2}$ ]] || { log ERROR "bad day $DAY"; exit 1; }

if (( CLEAR_CACHE )) && [[ -d "$CACHE_DIR" ]]; then
    rm -rf -- "$CACHE_DIR"
    log INFO "cleared $CACHE_DIR"
fi
mkdir -p "$REPORT_DIR" "$CACHE_DIR"

header="$(head -n1 "$EXPORT")"
if [[ "$header" != "application_id,seller_id,country,stage,risk_band,submitted_at" ]]; then
    log ERROR "unexpected header: $header"
    exit 2
fi

count_by() {
    local col="$1"
    awk -F, -v c="$col" 'NR > 1 && $c != "" { n[$c]++ } END { for (k in n) printf "%-20s %6d\n", k, n[k] }' \
        "$EXPORT" | sort -k2,2nr
}

total=$(( $(wc -l < "$EXPORT") - 1 ))
approved=$(awk -F, 'NR > 1 && $4 == "approved"' "$EXPORT" | wc -l)
declined=$(awk -F, 'NR > 1 && $4 == "declined"' "$EXPORT" | wc -l)
high_risk=$(awk -F, 'NR > 1 && $5 == "high"' "$EXPORT" | wc -l)

rate="n/a"
if (( total > 0 )); then
    rate="$(awk -v a="$approved" -v t="$total" 'BEGIN { printf "%.1f%%", 100 * a / t }')"
fi

report="$REPORT_DIR/funnel_$DAY.txt"
{
    echo "Seller onboarding funnel for $DAY"
    echo "================================="
    echo "applications: $total"
    echo "approved:     $approved ($rate)"
    echo "declined:     $declined"
    echo "high risk:    $high_risk"
    echo
    echo "By stage:";     count_by 4
    echo
    echo "By country:";   count_by 3 | head -n 15
    echo
    echo "By risk band:"; count_by 5
} > "$report"

echo "$DAY,$total,$approved,$declined,$high_risk" > "$CACHE_DIR/$DAY.csv"
trend="$REPORT_DIR/funnel_trend.csv"
{
    echo "day,total,approved,declined,high_risk"
    cat "$CACHE_DIR"/*.csv | sort
} > "$trend"

log INFO "wrote $report and $trend ($total applications)"
