#!/bin/bash
# auto_path_preview.sh - summarise the autonomous routines described in
# deploy/auto/*.yaml: total path length, estimated time, waypoint count.
# Parsed results are cached so repeated previews are fast.
set -euo pipefail

AUTO_DIR="${AUTO_DIR:-./src/main/deploy/auto}"
CACHE_DIR="${CACHE_DIR:-./.cache/autopreview}"
MAX_VEL="${MAX_VEL:-3.5}"
REFRESH=0

log() { echo "[preview] $*" >&2; }

while [ $# -gt 0 ]; do
    case "$1" in
        --dir) AUTO_DIR="$2"; shift 2 ;;
        --max-vel) MAX_VEL="$2"; shift 2 ;;
        --refresh) REFRESH=1; shift ;;
        -h|--help) echo "usage: $0 [--dir DIR] [--max-vel M/S] [--refresh]"; exit 0 ;;
        *) log "unknown option $1"; exit 2 ;;
    esac
done

[ -d "$AUTO_DIR" ] || { log "no auto directory at $AUTO_DIR"; exit 1; }
mkdir -p "$CACHE_DIR"
if [ "$REFRESH" -eq 1 ]; then
    rm -f "$CACHE_DIR"/*.pkl
    log "cache cleared"
fi

shopt -s nullglob
files=("$AUTO_DIR"/*.yaml "$AUTO_DIR"/*.yml)
if [ "${#files[@]}" -eq 0 ]; then
    log "no routines found"
    exit 0
fi

printf '%-28s %8s %8s %6s\n' "routine" "length_m" "time_s" "points"
for f in "${files[@]}"; do
    AUTO_FILE="$f" AUTO_CACHE="$CACHE_DIR" AUTO_MAXVEL="$MAX_VEL" python3 - <<'PY' || log "failed on $f"
import math, os, pickle, sys
import yaml

path = os.environ["AUTO_FILE"]
cache = os.path.join(os.environ["AUTO_CACHE"],
                     os.path.basename(path).rsplit(".", 1)[0] + ".pkl")
max_vel = float(os.environ["AUTO_MAXVEL"])

routine = None
if os.path.exists(cache) and os.path.getmtime(cache) >= os.path.getmtime(path):
    with open(cache, "rb") as fh:
        routine = pickle.load(fh)
if routine is None:
    with open(path) as fh:
        routine = yaml.load(fh, Loader=yaml.Loader)   # routines use custom tags
    with open(cache, "wb") as fh:
        pickle.dump(routine, fh)

points = routine.get("waypoints", []) if isinstance(routine, dict) else []
length = 0.0
for a, b in zip(points, points[1:]):
    length += math.hypot(b["x"] - a["x"], b["y"] - a["y"])
vel = min(max_vel, float(routine.get("max_velocity", max_vel))) if points else max_vel
est = length / vel * 1.25 if vel > 0 else 0.0
name = routine.get("name", os.path.basename(path)) if isinstance(routine, dict) else path
print(f"{str(name)[:28]:<28} {length:8.2f} {est:8.2f} {len(points):6d}")
PY
done
