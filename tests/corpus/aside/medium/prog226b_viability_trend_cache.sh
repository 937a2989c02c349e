#!/usr/bin/env bash
# viability_trend_cache.sh - compute germination-test trends per accession and
# keep the parsed history in a pickle cache so repeated runs during the
# monitoring review are fast.
set -euo pipefail

TEST_DIR="${TEST_DIR:-./germination_tests}"
CACHE="/tmp/seedbank_viability_cache.pkl"
THRESHOLD="${THRESHOLD:-85}"
REBUILD=0
OUT="${OUT:-./viability_trends.tsv}"

log() { printf '%s %s\n' "$(date +%T)" "$*" >&2; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --rebuild) REBUILD=1; shift ;;
        --threshold) THRESHOLD="$2"; shift 2 ;;
        -o) OUT="$2"; shift 2 ;;
        *) echo "usage: $0 [--rebuild] [--threshold PCT] [-o FILE]" >&2; exit 2 ;;
    esac
done

[[ -d "$TEST_DIR" ]] || { log "no test directory $TEST_DIR"; exit 1; }

newest_test="$(find "$TEST_DIR" -name '*.csv' -printf '%T@\n' | sort -n | tail -n 1)"
if [[ -f "$CACHE" && $REBUILD -eq 0 ]]; then
    cache_age="$(stat -c %Y "$CACHE")"
    if [[ -n "$newest_test" ]] && (( ${newest_test%.*} > cache_age )); then
        log "test files newer than cache; rebuilding"
        REBUILD=1
    fi
else
    REBUILD=1
fi

if (( REBUILD )); then
    log "parsing germination tests from $TEST_DIR"
    TEST_DIR="$TEST_DIR" CACHE="$CACHE" python3 -c '
import csv, glob, os, pickle
history = {}
for path in sorted(glob.glob(os.path.join(os.environ["TEST_DIR"], "*.csv"))):
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            try:
                pct = 100.0 * int(row["germinated"]) / int(row["sown"])
            except (KeyError, ValueError, ZeroDivisionError):
                continue
            history.setdefault(row["accession_no"], []).append((row["test_date"], pct))
for v in history.values():
    v.sort()
with open(os.environ["CACHE"], "wb") as fh:
    pickle.dump(history, fh)
print(len(history))
' | { read -r n; log "cached history for $n accessions in $CACHE"; }
fi

log "computing trends (threshold ${THRESHOLD}%)"
CACHE="$CACHE" THRESHOLD="$THRESHOLD" python3 -c '
import os, pickle, sys
with open(os.environ["CACHE"], "rb") as fh:
    history = pickle.load(fh)
thr = float(os.environ["THRESHOLD"])
print("accession_no\ttests\tfirst_pct\tlast_pct\tslope_per_test\tstatus")
for acc, series in sorted(history.items()):
    pcts = [p for _, p in series]
    slope = (pcts[-1] - pcts[0]) / (len(pcts) - 1) if len(pcts) > 1 else 0.0
    if pcts[-1] < thr:
        status = "REGENERATE"
    elif slope < -2.0:
        status = "WATCH"
    else:
        status = "ok"
    print(f"{acc}\t{len(pcts)}\t{pcts[0]:.1f}\t{pcts[-1]:.1f}\t{slope:.2f}\t{status}")
' >"$OUT"

regen=$(grep -c 'REGENERATE$' "$OUT" || true)
watch=$(grep -c 'WATCH$' "$OUT" || true)
log "trends written to $OUT: $regen to regenerate, $watch to watch"
