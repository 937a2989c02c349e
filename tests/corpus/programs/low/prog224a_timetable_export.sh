#!/usr/bin/env bash
# Export the seasonal timetable CSV to the JSON feed used by the website.
# Input and output live in the project working directory.
set -euo pipefail

SRC="${TIMETABLE_CSV:-./data/timetable.csv}"
OUT_DIR="${OUT_DIR:-./out}"
BUILD_DIR="./build"
SEASON="${SEASON:-summer}"
CLEAN=0

log() { printf '%s %s\n' "$(date +%T)" "$*" >&2; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --season) SEASON="$2"; shift 2 ;;
        --src) SRC="$2"; shift 2 ;;
        --clean) CLEAN=1; shift ;;
        -h|--help) echo "usage: $0 [--season NAME] [--src FILE] [--clean]"; exit 0 ;;
        *) log "unknown option: $1"; exit 2 ;;
    esac
done

if [[ $CLEAN -eq 1 && -d "$BUILD_DIR" ]]; then
    log "removing old build files in $BUILD_DIR"
    rm -rf "$BUILD_DIR"
fi
mkdir -p "$OUT_DIR" "$BUILD_DIR"

[[ -f "$SRC" ]] || { log "missing $SRC"; exit 1; }

# normalise: drop comments and blank lines, strip CR, sort by route then time
NORMALISED="$BUILD_DIR/timetable.normalised.csv"
{
    head -n 1 "$SRC" | tr -d '\r'
    tail -n +2 "$SRC" | tr -d '\r' | grep -v '^\s*#' | grep -v '^\s*$' | sort -t, -k1,1 -k3,3
} > "$NORMALISED"

ROWS=$(($(wc -l < "$NORMALISED") - 1))
ROUTES=$(tail -n +2 "$NORMALISED" | cut -d, -f1 | sort -u | wc -l)
log "$ROWS sailings on $ROUTES routes"

OUT_FILE="$OUT_DIR/timetable-${SEASON}.json"
IN_CSV="$NORMALISED" OUT_JSON="$OUT_FILE" SEASON_NAME="$SEASON" python3 - <<'PY'
import csv
import json
import os
from collections import defaultdict

routes = defaultdict(list)
bad = 0
with open(os.environ["IN_CSV"], newline="") as fh:
    for row in csv.DictReader(fh):
        try:
            routes[row["route"]].append({
                "vessel": row["vessel"],
                "depart": row["depart"],
                "arrive": row["arrive"],
                "days": row.get("days", "daily"),
            })
        except KeyError:
            bad += 1
doc = {
    "season": os.environ["SEASON_NAME"],
    "routes": [{"route": r, "sailings": s} for r, s in sorted(routes.items())],
}
with open(os.environ["OUT_JSON"], "w") as fh:
    json.dump(doc, fh, indent=2)
print(f"wrote {sum(len(s) for s in routes.values())} sailings, skipped {bad}")
PY

CHECKSUM=$(sha256sum "$OUT_FILE" | cut -d' ' -f1)
printf '%s  %s\n' "$CHECKSUM" "$(basename "$OUT_FILE")" > "$OUT_FILE.sha256"
log "export ready: $OUT_FILE (sha256 ${CHECKSUM:0:12}...)"
