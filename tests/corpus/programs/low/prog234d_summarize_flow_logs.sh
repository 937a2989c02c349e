#!/usr/bin/env bash
# summarize_flow_logs.sh - daily summary of slide water-flow sensor logs
#
# Each slide's flow meter writes a CSV line per minute:
#   timestamp,slide,flow_lpm,pump_state
# This script summarises a day of those logs (min/max/mean flow and minutes
# below the safe-flow threshold per slide) into a small report in the
# working directory for the aquatics supervisor.
#
# Usage: summarize_flow_logs.sh [-i log_dir] [-t threshold_lpm] [-c]

set -euo pipefail

LOG_DIR="./flow-logs"
THRESHOLD=900
CLEAN=0
BUILD_DIR="./.flow-summary-build"
REPORT="./flow_summary_$(date +%F).txt"

info() {
    echo "[flow-summary] $*" >&2
}

usage() {
    echo "Usage: $0 [-i log_dir] [-t threshold_lpm] [-c]"
    echo "  -c  remove the intermediate build directory afterwards"
}

while getopts ":i:t:ch" opt; do
    case "$opt" in
        i) LOG_DIR="$OPTARG" ;;
        t) THRESHOLD="$OPTARG" ;;
        c) CLEAN=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 1 ;;
    esac
done

if ! [[ "$THRESHOLD" =~ ^[0-9]+$ ]]; then
    info "threshold must be an integer (litres per minute)"
    exit 1
fi

if [[ ! -d "$LOG_DIR" ]]; then
    info "log directory $LOG_DIR not found"
    exit 1
fi

collect() {
    mkdir -p "$BUILD_DIR"
    local combined="$BUILD_DIR/combined.csv"
    : > "$combined"
    local n=0
    for f in "$LOG_DIR"/*.csv; do
        [[ -e "$f" ]] || continue
        tail -n +2 "$f" >> "$combined"
        n=$((n + 1))
    done
    info "combined $n log file(s)"
    echo "$combined"
}

summarise() {
    local combined="$1"
    awk -F, -v thr="$THRESHOLD" '
        NF >= 3 && $3 ~ /^[0-9.]+$/ {
            s = $2; f = $3 + 0
            n[s]++; sum[s] += f
            if (!(s in mn) || f < mn[s]) mn[s] = f
            if (!(s in mx) || f > mx[s]) mx[s] = f
            if (f < thr) low[s]++
        }
        END {
            printf "%-18s %8s %8s %8s %10s\n", "slide", "min", "max", "mean", "low_mins"
            for (s in n) {
                printf "%-18s %8.0f %8.0f %8.1f %10d\n", s, mn[s], mx[s], sum[s]/n[s], low[s]+0
            }
        }' "$combined" | sort
}

main() {
    local combined
    combined=$(collect)
    {
        echo "Slide flow summary for $(date +%F) (threshold ${THRESHOLD} l/min)"
        echo
        summarise "$combined"
    } > "$REPORT"
    info "report written to $REPORT"

    if grep -qE '[[:space:]][1-9][0-9]*$' <(tail -n +3 "$REPORT"); then
        info "at least one slide spent time below the safe-flow threshold"
    fi

    if [[ "$CLEAN" -eq 1 ]]; then
        rm -rf "$BUILD_DIR"
        info "removed $BUILD_DIR"
    fi
    cat "$REPORT"
}

main
