#!/usr/bin/env bash
# Summarise exported telemetry sessions (CSV channel dumps) into one JSON
# report: per-lap max speed, min corner speed, throttle/brake usage.
# Per-file results are cached by content hash under ./build/cache so
# re-running after a new run only processes the new files.
#
# usage: session_summary.sh [-d sessions_dir] [-o report.json] [--clean]
set -euo pipefail

SESSIONS_DIR="./sessions"
BUILD_DIR="./build"
CACHE_DIR="$BUILD_DIR/cache"
REPORT="$BUILD_DIR/session_summary.json"
CLEAN=0

log() { printf '[summary] %s\n' "$*" >&2; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        -d) SESSIONS_DIR="$2"; shift 2 ;;
        -o) REPORT="$2"; shift 2 ;;
        --clean) CLEAN=1; shift ;;
        -h|--help) sed -n '2,7p' "$0"; exit 0 ;;
        *) log "unknown argument $1"; exit 2 ;;
    esac
done

if [[ $CLEAN -eq 1 ]]; then
    rm -rf "${CACHE_DIR:?}"
    log "cache cleared"
fi
mkdir -p "$CACHE_DIR"
[[ -d "$SESSIONS_DIR" ]] || { log "no sessions directory at $SESSIONS_DIR"; exit 1; }

CORES="$(grep -c '^processor' /proc/cpuinfo 2>/dev/null || echo 1)"
JOBS=$(( CORES > 1 ? CORES - 1 : 1 ))
log "using $JOBS parallel jobs"

summarise_file() {
    local csv="$1" key out
    key="$(md5sum "$csv" | cut -d' ' -f1)"
    out="$CACHE_DIR/$key.json"
    if [[ -s "$out" ]]; then
        echo "$out"
        return 0
    fi
    SESSION_CSV="$csv" SESSION_OUT="$out" python3 - <<'PY'
import csv, json, os
from collections import defaultdict

path = os.environ["SESSION_CSV"]
laps = defaultdict(lambda: {"vmax": 0.0, "vmin": 1e9, "thr_full": 0, "brake": 0, "n": 0})
with open(path, newline="") as fh:
    for row in csv.DictReader(fh):
        try:
            lap = int(row["lap"])
            v = float(row["speed_kph"])
            thr = float(row["throttle_pct"])
            brk = float(row["brake_bar"])
        except (KeyError, ValueError):
            continue
        s = laps[lap]
        s["vmax"] = max(s["vmax"], v)
        s["vmin"] = min(s["vmin"], v)
        s["thr_full"] += thr >= 98
        s["brake"] += brk > 2
        s["n"] += 1
result = {
    "file": os.path.basename(path),
    "laps": {
        str(k): {"vmax": round(s["vmax"], 1), "vmin": round(s["vmin"], 1),
                 "full_throttle_pct": round(100 * s["thr_full"] / s["n"], 1),
                 "braking_pct": round(100 * s["brake"] / s["n"], 1)}
        for k, s in sorted(laps.items()) if s["n"]
    },
}
with open(os.environ["SESSION_OUT"], "w") as fh:
    json.dump(result, fh)
PY
    echo "$out"
}
export -f summarise_file log
export CACHE_DIR

mapfile -t PARTS < <(
    find "$SESSIONS_DIR" -maxdepth 2 -name '*.csv' -print0 \
        | xargs -0 -r -n 1 -P "$JOBS" bash -c 'summarise_file "$0"' \
        | sort
)

if [[ ${#PARTS[@]} -eq 0 ]]; then
    log "no CSV sessions found"
    exit 0
fi

mkdir -p "$(dirname "$REPORT")"
printf '%s\n' "${PARTS[@]}" | PARTS_REPORT="$REPORT" python3 -c '
import json, os, sys
parts = [json.load(open(p.strip())) for p in sys.stdin if p.strip()]
with open(os.environ["PARTS_REPORT"], "w") as fh:
    json.dump({"sessions": parts, "count": len(parts)}, fh, indent=2)
'
log "summarised ${#PARTS[@]} sessions into $REPORT"
