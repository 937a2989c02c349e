#!/usr/bin/env bash
# Summarise HPLC run exports in ./runs into one TSV for the weekly review.
# Per-run statistics are computed by an embedded Python step and cached under
# ./.summary_cache keyed by the MD5 of the export, so unchanged runs are not
# recomputed.  Use -c to clear the cache first.
set -euo pipefail

RUNS_DIR="./runs"
OUT_FILE="./run_summary.tsv"
CACHE_DIR="./.summary_cache"
MIN_AREA="1000"
CLEAR_CACHE=0

log() { echo "$(date '+%T') run-summary: $*" >&2; }
die() { log "ERROR: $*"; exit 1; }

usage() {
    echo "Usage: $0 [-r runs_dir] [-o out.tsv] [-a min_area] [-c]" >&2
}

while getopts "r:o:a:ch" opt; do
    case "$opt" in
        r) RUNS_DIR="$OPTARG" ;;
        o) OUT_FILE="$OPTARG" ;;
        a) MIN_AREA="$OPTARG" ;;
        c) CLEAR_CACHE=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

[[ -d "$RUNS_DIR" ]] || die "runs directory $RUNS_DIR not found"
[[ "$MIN_AREA" =~ ^[0-9]+([.][0-9]+)?$ ]] || die "min area must be a number"

if [[ $CLEAR_CACHE -eq 1 ]]; then
    rm -rf -- ./.summary_cache
    log "cache cleared"
fi
mkdir -p "$CACHE_DIR"

summarise_run() {
    # prints: run_id <tab> peaks <tab> main_rt <tab> total_area <tab> purity_pct
    RUN_FILE="$1" MIN_AREA="$MIN_AREA" python3 - <<'PY'
import csv
import os
import sys

path = os.environ["RUN_FILE"]
min_area = float(os.environ["MIN_AREA"])
peaks = []
with open(path, newline="", encoding="utf-8", errors="replace") as fh:
    for row in csv.DictReader(fh):
        try:
            area = float(row["area"])
            rt = float(row["rt_min"])
        except (KeyError, ValueError):
            continue
        if area >= min_area:
            peaks.append((rt, area))
run_id = os.path.splitext(os.path.basename(path))[0]
if not peaks:
    print(f"{run_id}\t0\t-\t0\t-")
    sys.exit(0)
total = sum(a for _, a in peaks)
main_rt, main_area = max(peaks, key=lambda p: p[1])
print(f"{run_id}\t{len(peaks)}\t{main_rt:.3f}\t{total:.1f}\t{100 * main_area / total:.2f}")
PY
}

main() {
    local f key cached hits=0 computed=0 failed=0
    shopt -s nullglob
    local files=("$RUNS_DIR"/*.csv)
    shopt -u nullglob
    (( ${#files[@]} > 0 )) || die "no CSV exports in $RUNS_DIR"

    printf 'run_id\tpeaks\tmain_rt_min\ttotal_area\tmain_peak_pct\n' > "$OUT_FILE"
    for f in "${files[@]}"; do
        key=$(md5sum "$f" | cut -d' ' -f1)
        cached="$CACHE_DIR/${key}_${MIN_AREA}.tsv"
        if [[ -s "$cached" ]]; then
            hits=$((hits + 1))
        elif summarise_run "$f" > "$cached.part"; then
            mv "$cached.part" "$cached"
            computed=$((computed + 1))
        else
            rm -f "$cached.part"
            log "could not summarise $f"
            failed=$((failed + 1))
            continue
        fi
        cat "$cached" >> "$OUT_FILE"
    done
    log "runs: ${#files[@]} cached: $hits computed: $computed failed: $failed"
    log "summary written to $OUT_FILE"
}

main
