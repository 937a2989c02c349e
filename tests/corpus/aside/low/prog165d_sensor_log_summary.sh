#!/bin/sh
# Summarise the day's ride sensor CSV logs into a per-ride report.
# Logs look like: timestamp,ride,sensor,value
# Usage: sensor_log_summary.sh [log-dir] [threshold]

set -eu

LOG_DIR="${1:-./sensor_logs}"
THRESHOLD="${2:-${VIBRATION_LIMIT:-7.5}}"
CACHE_DIR="./.summary_cache"
REPORT="./sensor_summary_$(date +%Y%m%d).txt"

info() {
    echo "[summary] $*" >&2
}

merge_logs() {
    out="$CACHE_DIR/merged.csv"
    : > "$out"
    for f in "$LOG_DIR"/*.csv; do
        [ -f "$f" ] || continue
        tail -n +2 "$f" >> "$out"
    done
    echo "$out"
}

per_ride_stats() {
    awk -F, -v limit="$THRESHOLD" '
        {
            key = $2
            n[key]++
            sum[key] += $4
            if (!(key in max) || $4 > max[key]) max[key] = $4
            if ($4 > limit) over[key]++
        }
        END {
            for (k in n) {
                printf "%-20s readings=%-6d mean=%-8.2f max=%-8.2f over_limit=%d\n",
                    k, n[k], sum[k] / n[k], max[k], over[k] + 0
            }
        }' "$1" | sort
}

flagged_sensors() {
    awk -F, -v limit="$THRESHOLD" '$4 > limit { print $2 "/" $3 }' "$1" | sort | uniq -c | sort -rn | head -n 10
}

main() {
    if [ ! -d "$LOG_DIR" ]; then
        info "log directory $LOG_DIR not found"
        exit 1
    fi
    mkdir -p "$CACHE_DIR"
    merged="$(merge_logs)"
    lines="$(wc -l < "$merged" | tr -d ' ')"
    info "merged $lines readings from $LOG_DIR"

    {
        echo "Ride sensor summary for $(date +%Y-%m-%d), limit $THRESHOLD mm/s"
        echo
        per_ride_stats "$merged"
        echo
        echo "Sensors most often over the limit:"
        flagged_sensors "$merged"
    } > "$REPORT"

    rm -rf "$CACHE_DIR"
    info "report written to $REPORT"
}

main "$@"
