#!/usr/bin/env bash
# Summarise application log files in ./logs into a markdown report.
#
# Usage: ./log_summary.sh [LOG_DIR] [REPORT_FILE]
# Counts lines per level, lists the most frequent error messages, and
# shows the busiest hours, per file and overall.

set -euo pipefail

LOG_DIR="${1:-logs}"
REPORT="${2:-reports/log_summary.md}"
TOP_N="${TOP_N:-10}"

if [ ! -d "$LOG_DIR" ]; then
    echo "log directory not found: $LOG_DIR" >&2
    exit 1
fi

mkdir -p "$(dirname "$REPORT")"

shopt -s nullglob
files=("$LOG_DIR"/*.log "$LOG_DIR"/*.log.gz)
if [ "${#files[@]}" -eq 0 ]; then
    echo "no .log files in $LOG_DIR" >&2
    exit 1
fi

read_log() {
    case "$1" in
        *.gz) gzip -dc -- "$1" ;;
        *)    cat -- "$1" ;;
    esac
}

level_counts() {
    grep -oE '\b(DEBUG|INFO|WARN|WARNING|ERROR|CRITICAL|FATAL)\b' \
        | sed 's/WARNING/WARN/' | sort | uniq -c | sort -rn
}

top_errors() {
    grep -E '\b(ERROR|CRITICAL|FATAL)\b' \
        | sed -E 's/^[0-9T:., -]+//; s/[0-9]{2,}/N/g' \
        | sort | uniq -c | sort -rn | head -n "$TOP_N"
}

busy_hours() {
    grep -oE '^[0-9]{4}-[0-9]{2}-[0-9]{2}[ T][0-9]{2}' \
        | awk '{print substr($0, length($0)-1)":00"}' \
        | sort | uniq -c | sort -rn | head -n 5
}

{
    echo "# Log summary"
    echo
    echo "_Generated $(date '+%Y-%m-%d %H:%M') from ${#files[@]} file(s) in \`$LOG_DIR\`_"
    echo
    echo "## Overall levels"
    echo
    echo '```'
    for f in "${files[@]}"; do read_log "$f"; done | level_counts
    echo '```'
    echo
    echo "## Top $TOP_N error messages"
    echo
    echo '```'
    for f in "${files[@]}"; do read_log "$f"; done | top_errors || true
    echo '```'
    echo
    echo "## Busiest hours"
    echo
    echo '```'
    for f in "${files[@]}"; do read_log "$f"; done | busy_hours || true
    echo '```'
    echo
    echo "## Per file"
    echo
    echo "| File | Lines | Errors | Warnings |"
    echo "|---|---|---|---|"
    for f in "${files[@]}"; do
        lines=$(read_log "$f" | wc -l)
        errs=$(read_log "$f" | grep -cE '\b(ERROR|CRITICAL|FATAL)\b' || true)
        warns=$(read_log "$f" | grep -cE '\bWARN(ING)?\b' || true)
        echo "| $(basename "$f") | $lines | $errs | $warns |"
    done
} > "$REPORT"

echo "Report written to $REPORT"
