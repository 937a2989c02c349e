#!/usr/bin/env bash
# Summarises a tuning session log (CSV: rank,note,target_hz,measured_hz)
# into a short markdown report for the job file.
set -euo pipefail

LOG_CSV="${1:-tuning_log.csv}"
OUT="${2:-tuning_summary.md}"
CACHE_DIR="./.summary_cache"
TOLERANCE="${TOL_CENTS:-3}"

die() { echo "error: $*" >&2; exit 1; }
cleanup() { rm -rf "$CACHE_DIR"; }

[[ -f "$LOG_CSV" ]] || die "log file $LOG_CSV not found"
[[ "$TOLERANCE" =~ ^[0-9]+(\.[0-9]+)?$ ]] || die "TOL_CENTS must be a number"

mkdir -p "$CACHE_DIR"
trap cleanup EXIT

# strip comments and blank lines, keep the header
grep -v '^\s*#' "$LOG_CSV" | sed '/^\s*$/d' > "$CACHE_DIR/clean.csv"
lines=$(($(wc -l < "$CACHE_DIR/clean.csv") - 1))
(( lines > 0 )) || die "no readings in $LOG_CSV"
echo "read $lines readings"

# per-rank statistics in python, handed back as TSV
TOL="$TOLERANCE" python3 - "$CACHE_DIR/clean.csv" > "$CACHE_DIR/stats.tsv" <<'PY'
import csv, math, os, sys
tol = float(os.environ["TOL"])
ranks = {}
with open(sys.argv[1], newline="") as fh:
    for row in csv.DictReader(fh):
        try:
            cents = 1200 * math.log2(float(row["measured_hz"]) / float(row["target_hz"]))
        except (KeyError, ValueError, ZeroDivisionError):
            continue
        ranks.setdefault(row["rank"], []).append((row["note"], cents))
for rank, vals in sorted(ranks.items()):
    worst = max(vals, key=lambda v: abs(v[1]))
    out = sum(1 for _, c in vals if abs(c) > tol)
    mean = sum(c for _, c in vals) / len(vals)
    print(f"{rank}\t{len(vals)}\t{mean:+.1f}\t{worst[0]}\t{worst[1]:+.1f}\t{out}")
PY

{
    echo "# Tuning summary"
    echo
    echo "Source: \`$LOG_CSV\`, generated $(date '+%Y-%m-%d %H:%M'), tolerance ±${TOLERANCE} cents"
    echo
    echo "| Rank | Notes | Mean (c) | Worst note | Worst (c) | Out of tol |"
    echo "|------|------:|---------:|------------|----------:|-----------:|"
    while IFS=$'\t' read -r rank n mean wnote wc out; do
        echo "| $rank | $n | $mean | $wnote | $wc | $out |"
    done < "$CACHE_DIR/stats.tsv"
} > "$OUT"

flagged="$(awk -F'\t' '$6 > 0 {print $1}' "$CACHE_DIR/stats.tsv" | paste -sd, -)"
if [[ -n "$flagged" ]]; then
    echo "ranks needing another pass: $flagged"
else
    echo "all ranks within tolerance"
fi
echo "summary written to $OUT"
