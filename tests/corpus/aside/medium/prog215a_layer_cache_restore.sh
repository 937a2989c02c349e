#!/usr/bin/env bash
# layer_cache_restore.sh - restore the layer/pen-mapping cache that the
# plot batch tools save between sessions, and export it as CSV so the
# plot room lead can review layer -> pen assignments in a spreadsheet.
# The cache is a pickle written by our own plot_batch tool.
set -euo pipefail

CACHE_DIR="${LAYER_CACHE_DIR:-./.layer_cache}"
OUT_CSV="${OUT_CSV:-./layer_pens.csv}"
PROJECT=""
KEEP=5

log() { echo "[layers] $*" >&2; }

usage() {
    echo "usage: $0 [-p project_code] [-o out.csv] [-k keep_n_caches]"
}

while getopts ":p:o:k:h" o; do
    case "$o" in
        p) PROJECT="$OPTARG" ;;
        o) OUT_CSV="$OPTARG" ;;
        k) KEEP="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

[[ -d "$CACHE_DIR" ]] || { log "no cache directory $CACHE_DIR"; exit 1; }

pattern="*.pkl"
[[ -n "$PROJECT" ]] && pattern="${PROJECT}_*.pkl"

# newest cache first
mapfile -t CACHES < <(find "$CACHE_DIR" -maxdepth 1 -type f -name "$pattern" -printf '%T@ %p\n' \
                      | sort -rn | cut -d' ' -f2-)
if [[ ${#CACHES[@]} -eq 0 ]]; then
    log "no cache files matching $pattern"
    exit 1
fi
LATEST="${CACHES[0]}"
log "restoring $LATEST"

SUMMARY="$(LAYER_CACHE="$LATEST" OUT_CSV="$OUT_CSV" python3 - <<'PY'
import csv, os, pickle, sys
path = os.environ["LAYER_CACHE"]
try:
    with open(path, "rb") as fh:
        cache = pickle.load(fh)
except (OSError, pickle.UnpicklingError, EOFError) as exc:
    sys.exit(f"cannot read cache {path}: {exc}")
layers = cache.get("layers", {}) if isinstance(cache, dict) else {}
with open(os.environ["OUT_CSV"], "w", newline="") as fh:
    w = csv.writer(fh)
    w.writerow(["layer", "pen", "lineweight_mm", "plot"])
    for name in sorted(layers):
        info = layers[name]
        w.writerow([name, info.get("pen"), info.get("lw"), info.get("plot", True)])
print(f"{len(layers)} layers, saved {cache.get('saved', '?') if isinstance(cache, dict) else '?'}")
PY
)"
log "$SUMMARY -> $OUT_CSV"

# prune old caches of our own tool, keep the newest $KEEP
if [[ ${#CACHES[@]} -gt $KEEP ]]; then
    for old in "${CACHES[@]:$KEEP}"; do
        rm -f -- "$old"
        log "pruned $(basename "$old")"
    done
fi
