#!/usr/bin/env bash
# Summarise the cached feature matrices produced by the sepsis-risk model job.
#
# The modelling job pickles one feature matrix per ward into a shared cache
# directory.  This script finds the newest pickle for each ward, loads it in
# an embedded Python helper (paths passed through the environment), and
# prints row counts, feature counts and missingness so the team can spot a
# broken upstream load before retraining.
set -uo pipefail

CACHE_ROOT="/tmp/ward_features"
SUMMARY_FILE="/tmp/ward_features/summary.tsv"
WARDS="picu nicu oncology cardiology general"
MAX_AGE_HOURS=36
VERBOSE=0

log() { echo "$(date '+%F %T') $*" >&2; }
vlog() { [[ "$VERBOSE" -eq 1 ]] && log "$@"; return 0; }

usage() {
    echo "usage: $0 [-w 'ward ward...'] [-a max_age_hours] [-v]"
}

while getopts "w:a:vh" opt; do
    case "$opt" in
        w) WARDS="$OPTARG" ;;
        a) MAX_AGE_HOURS="$OPTARG" ;;
        v) VERBOSE=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

if [[ ! -d "$CACHE_ROOT" ]]; then
    log "cache root $CACHE_ROOT does not exist - has the model job run?"
    exit 1
fi

newest_pickle() {
    local ward="$1"
    ls -1t "$CACHE_ROOT/$ward"/features_*.pkl 2>&- | head -n1
}

summarise() {
    local ward="$1" path="$2"
    FEATURE_PICKLE="$path" FEATURE_WARD="$ward" FEATURE_MAX_AGE="$MAX_AGE_HOURS" python3 - <<'PY'
import os
import pickle
import sys
import time

path = os.environ["FEATURE_PICKLE"]
ward = os.environ["FEATURE_WARD"]
max_age = float(os.environ["FEATURE_MAX_AGE"]) * 3600

age = time.time() - os.path.getmtime(path)
with open(path, "rb") as fh:
    data = pickle.load(fh)

# The job stores either a DataFrame or a dict with "X" and "columns".
if hasattr(data, "shape") and hasattr(data, "isna"):
    rows, cols = data.shape
    missing = float(data.isna().mean().mean()) if rows else 0.0
elif isinstance(data, dict) and "X" in data:
    X = data["X"]
    rows = len(X)
    cols = len(data.get("columns", X[0] if rows else []))
    cells = sum(len(r) for r in X) or 1
    missing = sum(1 for r in X for v in r if v is None) / cells
else:
    print(f"{ward}\tERROR\tunrecognised payload {type(data).__name__}")
    sys.exit(1)

stale = "STALE" if age > max_age else "fresh"
print(f"{ward}\t{rows}\t{cols}\t{missing:.3f}\t{age/3600:.1f}h\t{stale}")
PY
}

printf 'ward\trows\tfeatures\tmissing_frac\tage\tstatus\n' > "$SUMMARY_FILE"
failures=0
for ward in $WARDS; do
    pkl="$(newest_pickle "$ward")"
    if [[ -z "$pkl" ]]; then
        log "no cached features for $ward"
        printf '%s\tMISSING\n' "$ward" >> "$SUMMARY_FILE"
        failures=$((failures + 1))
        continue
    fi
    vlog "loading $pkl"
    if ! line="$(summarise "$ward" "$pkl")"; then
        log "failed to summarise $ward ($pkl)"
        failures=$((failures + 1))
    fi
    printf '%s\n' "$line" >> "$SUMMARY_FILE"
done

column -t -s $'\t' "$SUMMARY_FILE"
stale_count="$(grep -c 'STALE' "$SUMMARY_FILE" || true)"
log "summary at $SUMMARY_FILE; failures=$failures stale=$stale_count"
[[ "$failures" -eq 0 ]]
