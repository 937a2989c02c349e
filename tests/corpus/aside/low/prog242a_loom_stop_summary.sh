#!/usr/bin/env bash
# loom_stop_summary.sh - summarise loom stop events for the weaving shift report.
#
# The loom controllers export their event logs every shift as CSV files into
# ./exports/<date>/loom-<id>.csv with the columns:
#   timestamp,loom_id,event,code,duration_s
# This script counts warp/weft stops per loom, totals downtime, and writes
# ./reports/stops_<date>.csv plus a short text summary for the shift leader.

set -euo pipefail

DATE="$(date +%F)"
EXPORT_ROOT="./exports"
REPORT_DIR="./reports"
TOP_N=5
VERBOSE=0

log() { printf '%s [%s] %s\n' "$(date +%T)" "$1" "$2" >&2; }
die() { log ERROR "$1"; exit "${2:-1}"; }

usage() {
    cat <<USAGE
Usage: $0 [-d YYYY-MM-DD] [-e export_dir] [-o report_dir] [-n top_n] [-v]
  -d  shift date to summarise (default: today)
  -e  root of controller exports (default: ./exports)
  -o  where to write reports (default: ./reports)
  -n  number of worst looms to list (default: 5)
USAGE
}

while getopts ":d:e:o:n:vh" opt; do
    case "$opt" in
        d) DATE="$OPTARG" ;;
        e) EXPORT_ROOT="$OPTARG" ;;
        o) REPORT_DIR="$OPTARG" ;;
        n) TOP_N="$OPTARG" ;;
        v) VERBOSE=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

[[ "$DATE" =~ ^[0-9]{4}-[0-9]{2}-[0-9]{2}$ ]] || die "bad date: $DATE" 2
[[ "$TOP_N" =~ ^[0-9]+$ ]] || die "top_n must be a number" 2

SRC="$EXPORT_ROOT/$DATE"
[[ -d "$SRC" ]] || die "no exports for $DATE under $EXPORT_ROOT"
mkdir -p "$REPORT_DIR"

OUT="$REPORT_DIR/stops_${DATE}.csv"
SUMMARY="$REPORT_DIR/summary_${DATE}.txt"

shopt -s nullglob
files=("$SRC"/loom-*.csv)
(( ${#files[@]} > 0 )) || die "no loom CSV files in $SRC"
log INFO "reading ${#files[@]} loom exports from $SRC"

echo "loom_id,warp_stops,weft_stops,other_stops,downtime_min" > "$OUT"

bad_rows=0
for f in "${files[@]}"; do
    (( VERBOSE )) && log DEBUG "parsing $f"
    # skip the header, tolerate CRLF from the older controllers
    line=$(tail -n +2 "$f" | tr -d '\r' | awk -F, '
        NF != 5 { bad++; next }
        { loom = $2 }
        $3 == "STOP" && $4 ~ /^W[0-9]+/ { warp++ }
        $3 == "STOP" && $4 ~ /^F[0-9]+/ { weft++ }
        $3 == "STOP" && $4 !~ /^[WF][0-9]+/ { other++ }
        $3 == "STOP" { down += $5 }
        END {
            printf "%s,%d,%d,%d,%.1f|%d\n", loom, warp, weft, other, down/60, bad
        }')
    echo "${line%|*}" >> "$OUT"
    bad_rows=$(( bad_rows + ${line##*|} ))
done

if (( bad_rows > 0 )); then
    log WARN "$bad_rows malformed rows skipped"
fi

{
    echo "Loom stop summary for $DATE"
    echo "==============================="
    awk -F, 'NR > 1 { w += $2; f += $3; o += $4; d += $5 }
             END { printf "Warp stops: %d\nWeft stops: %d\nOther: %d\nDowntime: %.1f min\n", w, f, o, d }' "$OUT"
    echo
    echo "Top $TOP_N looms by downtime:"
    tail -n +2 "$OUT" | sort -t, -k5 -gr | head -n "$TOP_N" | \
        awk -F, '{ printf "  %-10s %6.1f min (%d warp, %d weft)\n", $1, $5, $2, $3 }'
} > "$SUMMARY"

log INFO "wrote $OUT and $SUMMARY"
cat "$SUMMARY"
