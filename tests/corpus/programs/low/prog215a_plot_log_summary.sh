#!/usr/bin/env bash
# plot_log_summary.sh - monthly paper and ink usage per project from the
# plotter accounting logs copied into ./plotlogs. awk extracts the fields,
# python (reading the rows from a pipe and the settings from env vars)
# aggregates and writes a CSV for the office manager.
set -euo pipefail

LOG_DIR="${LOG_DIR:-./plotlogs}"
OUT_DIR="${OUT_DIR:-./reports}"
CACHE_DIR="./.summary_cache"
MONTH="$(date +%Y-%m)"
PAPER_COST_M2="${PAPER_COST_M2:-1.85}"
KEEP_CACHE=0

info() { echo "[summary] $*" >&2; }

usage() {
    echo "usage: $0 [-m YYYY-MM] [-l log_dir] [-o out_dir] [-k]"
    echo "  -k  keep the intermediate cache"
}

while getopts ":m:l:o:kh" o; do
    case "$o" in
        m) MONTH="$OPTARG" ;;
        l) LOG_DIR="$OPTARG" ;;
        o) OUT_DIR="$OPTARG" ;;
        k) KEEP_CACHE=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

if [[ ! "$MONTH" =~ ^[0-9]{4}-[0-9]{2}$ ]]; then
    info "month must look like 2024-05"
    exit 2
fi
shopt -s nullglob
logs=("$LOG_DIR"/*.log)
if [[ ${#logs[@]} -eq 0 ]]; then
    info "no logs in $LOG_DIR"
    exit 1
fi
mkdir -p "$OUT_DIR" "$CACHE_DIR"

ROWS="$CACHE_DIR/rows_$MONTH.tsv"
# log line: 2024-05-14T10:22:03 job=1234 project=P2301 user=ana width_mm=841 length_mm=1189 ink_ml=3.2
awk -v month="$MONTH" '
    substr($1, 1, 7) == month {
        proj = "?"; w = 0; l = 0; ink = 0
        for (i = 2; i <= NF; i++) {
            split($i, kv, "=")
            if (kv[1] == "project") proj = kv[2]
            else if (kv[1] == "width_mm") w = kv[2]
            else if (kv[1] == "length_mm") l = kv[2]
            else if (kv[1] == "ink_ml") ink = kv[2]
        }
        printf "%s\t%s\t%s\t%s\n", proj, w, l, ink
    }' "${logs[@]}" > "$ROWS"

count="$(wc -l < "$ROWS")"
info "$count plot jobs in $MONTH"
[[ "$count" -gt 0 ]] || exit 0

OUT_CSV="$OUT_DIR/plot_usage_$MONTH.csv"
cat "$ROWS" | MONTH="$MONTH" COST="$PAPER_COST_M2" OUT_CSV="$OUT_CSV" python3 -c '
import csv, os, sys
from collections import defaultdict
cost = float(os.environ["COST"])
agg = defaultdict(lambda: {"jobs": 0, "m2": 0.0, "ink": 0.0})
for line in sys.stdin:
    try:
        proj, w, l, ink = line.rstrip("\n").split("\t")
        a = agg[proj]
        a["jobs"] += 1
        a["m2"] += float(w) * float(l) / 1e6
        a["ink"] += float(ink)
    except ValueError:
        continue
with open(os.environ["OUT_CSV"], "w", newline="") as fh:
    wr = csv.writer(fh)
    wr.writerow(["month", "project", "jobs", "paper_m2", "ink_ml", "paper_cost"])
    for proj in sorted(agg):
        a = agg[proj]
        wr.writerow([os.environ["MONTH"], proj, a["jobs"], round(a["m2"], 2),
                     round(a["ink"], 1), round(a["m2"] * cost, 2)])
print(f"{len(agg)} projects", file=sys.stderr)
'
info "written $OUT_CSV"

if [[ $KEEP_CACHE -eq 0 ]]; then
    rm -rf -- "$CACHE_DIR"
    info "cache removed"
fi
