#!/bin/sh
# Summarise the day's penalty charge notices for the team briefing:
# totals per contravention code, per beat and per officer.
set -eu

EXPORT="${1:-exports/pcn_$(date +%Y%m%d).csv}"
OUT_DIR="${OUT_DIR:-reports}"
TOP="${TOP:-10}"

die() {
    echo "error: $*" >&2
    exit 1
}

[ -f "$EXPORT" ] || die "export not found: $EXPORT"
mkdir -p "$OUT_DIR"
REPORT="$OUT_DIR/summary_$(basename "$EXPORT" .csv).txt"

header_index() {
    head -n 1 "$EXPORT" | tr ',' '\n' | grep -nx "$1" | cut -d: -f1
}

count_by() {
    col="$(header_index "$1")"
    [ -n "$col" ] || { echo "  (no $1 column)"; return 0; }
    tail -n +2 "$EXPORT" | cut -d, -f"$col" | sort | uniq -c | sort -rn | head -n "$TOP" |
        awk '{ printf "  %-12s %5d\n", $2, $1 }'
}

total_value() {
    col="$(header_index amount)"
    [ -n "$col" ] || { echo 0; return 0; }
    tail -n +2 "$EXPORT" | cut -d, -f"$col" | awk '{ s += $1 } END { printf "%.2f", s }'
}

cancelled_count() {
    col="$(header_index status)"
    [ -n "$col" ] || { echo 0; return 0; }
    tail -n +2 "$EXPORT" | cut -d, -f"$col" | grep -ci '^cancelled$' || true
}

total="$(tail -n +2 "$EXPORT" | grep -c . || true)"

{
    echo "PCN summary for $(basename "$EXPORT")"
    echo "generated $(date '+%Y-%m-%d %H:%M')"
    echo
    echo "notices issued:   $total"
    echo "cancelled:        $(cancelled_count)"
    echo "total value (GBP): $(total_value)"
    echo
    echo "by contravention code:"
    count_by code
    echo
    echo "by beat:"
    count_by beat
    echo
    echo "by officer:"
    count_by officer
} > "$REPORT"

echo "written $REPORT"
if [ "${SHOW:-1}" = "1" ]; then
    cat "$REPORT"
fi
