#!/usr/bin/env bash
# stats_cache_pickle.sh - applicant funnel statistics for the admissions
# dashboard.  Parsing the full export is slow, so the computed stats are
# cached between runs and re-used while the export has not changed.
set -euo pipefail

EXPORT="${1:-./exports/applications.csv}"
CACHE="/tmp/admissions_funnel_stats.pkl"
OUT="./dashboard/funnel.json"
MAX_AGE_MIN=60

log() { echo "$(date +%T) funnel: $*" >&2; }

[[ -f "$EXPORT" ]] || { log "export $EXPORT not found"; exit 1; }
mkdir -p "$(dirname "$OUT")"

export_sig() {
    stat -c '%s-%Y' "$EXPORT"
}

cache_fresh() {
    [[ -f "$CACHE" ]] || return 1
    [[ -n "$(find "$CACHE" -mmin -"$MAX_AGE_MIN" 2>/dev/null)" ]]
}

SIG="$(export_sig)"
if cache_fresh; then
    log "cache at $CACHE is recent, trying it"
    MODE=load
else
    log "computing stats from $EXPORT"
    MODE=compute
fi

FUNNEL_MODE="$MODE" FUNNEL_EXPORT="$EXPORT" FUNNEL_CACHE="$CACHE" \
FUNNEL_SIG="$SIG" FUNNEL_OUT="$OUT" python3 - <<'PYEOF'
import csv
import json
import os
import pickle
import sys
from collections import Counter, defaultdict

mode = os.environ["FUNNEL_MODE"]
cache = os.environ["FUNNEL_CACHE"]
sig = os.environ["FUNNEL_SIG"]


def compute(path):
    stages = Counter()
    by_program = defaultdict(Counter)
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            stage = row.get("stage", "unknown")
            stages[stage] += 1
            by_program[row.get("program_code", "?")][stage] += 1
    return {"sig": sig, "stages": dict(stages),
            "by_program": {k: dict(v) for k, v in by_program.items()}}


stats = None
if mode == "load":
    try:
        with open(cache, "rb") as fh:
            stats = pickle.load(fh)
        if stats.get("sig") != sig:
            print("cache signature mismatch, recomputing", file=sys.stderr)
            stats = None
    except (OSError, pickle.UnpicklingError, AttributeError) as exc:
        print(f"cache unusable: {exc}", file=sys.stderr)
        stats = None

if stats is None:
    stats = compute(os.environ["FUNNEL_EXPORT"])
    with open(cache, "wb") as fh:
        pickle.dump(stats, fh)

with open(os.environ["FUNNEL_OUT"], "w") as fh:
    json.dump(stats, fh, indent=2, sort_keys=True)
print(f"{sum(stats['stages'].values())} applications, {len(stats['by_program'])} programs")
PYEOF

log "dashboard data written to $OUT"
