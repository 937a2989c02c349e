#!/bin/sh
# Build the weekly defect summary for the fleet manager from the daily
# vehicle-check CSV exports in ./exports. Output goes to ./build.
# Usage: prog162e_defect_summary_build.sh [clean] [--week YYYY-WW]

set -eu

EXPORT_DIR="./exports"
BUILD_DIR="./build"
CACHE_DIR="./.defect-cache"
WEEK=$(date +%G-%V)

clean() {
    rm -rf "$BUILD_DIR" "$CACHE_DIR"
    echo "removed $BUILD_DIR and $CACHE_DIR"
}

while [ $# -gt 0 ]; do
    case "$1" in
        clean) clean; exit 0 ;;
        --week) WEEK="$2"; shift 2 ;;
        -h|--help)
            echo "usage: $0 [clean] [--week YYYY-WW]"
            exit 0
            ;;
        *) echo "unknown argument $1" >&2; exit 2 ;;
    esac
done

if [ ! -d "$EXPORT_DIR" ]; then
    echo "no $EXPORT_DIR folder here" >&2
    exit 1
fi

mkdir -p "$BUILD_DIR" "$CACHE_DIR"
MERGED="$CACHE_DIR/merged-$WEEK.csv"
OUT="$BUILD_DIR/defects-$WEEK.txt"

: > "$MERGED"
found=0
for f in "$EXPORT_DIR"/daily-check-*.csv; do
    [ -f "$f" ] || continue
    tail -n +2 "$f" >> "$MERGED"
    found=$((found + 1))
done

if [ "$found" -eq 0 ]; then
    echo "no daily-check exports found" >&2
    exit 1
fi

# columns: date,registration,callsign,item,severity,notes
{
    echo "Defect summary, week $WEEK"
    echo "Generated $(date '+%Y-%m-%d %H:%M') from $found export(s)"
    echo
    echo "By severity:"
    cut -d, -f5 "$MERGED" | sort | uniq -c | sort -rn | sed 's/^/  /'
    echo
    echo "Vehicles with most defects:"
    cut -d, -f2,3 "$MERGED" | sort | uniq -c | sort -rn | head -n 10 | sed 's/^/  /'
    echo
    echo "Open critical defects (vehicle off road):"
    awk -F, '$5 == "critical" { printf "  %s %-10s %-8s %s\n", $1, $2, $3, $4 }' "$MERGED"
    echo
    echo "Most frequent items:"
    cut -d, -f4 "$MERGED" | sort | uniq -c | sort -rn | head -n 10 | sed 's/^/  /'
} > "$OUT"

lines=$(wc -l < "$MERGED")
echo "summarised $lines defect lines into $OUT"

rm -f "$CACHE_DIR"/merged-*.csv
