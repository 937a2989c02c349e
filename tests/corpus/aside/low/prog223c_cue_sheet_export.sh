#!/usr/bin/env bash
# cue_sheet_export.sh - turn the stage manager's cue list (cues.json, exported
# from the show-control software) into a printable cue sheet (CSV and text)
# per department. Results go to ./build/; unchanged input is not rebuilt.
#
#   cue_sheet_export.sh [-i cues.json] [-d LX,SND,FLY] [--clean]

set -euo pipefail

INPUT="cues.json"
DEPTS="LX,SND,FLY,AV"
BUILD="./build"
CLEAN=0

log() { printf '%s %s\n' "$(date +%T)" "$*" >&2; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        -i) INPUT="$2"; shift 2 ;;
        -d) DEPTS="$2"; shift 2 ;;
        --clean) CLEAN=1; shift ;;
        -h|--help) sed -n '2,6p' "$0"; exit 0 ;;
        *) log "unknown option $1"; exit 2 ;;
    esac
done

if [[ $CLEAN -eq 1 ]]; then
    rm -rf "$BUILD"
    log "removed $BUILD"
    exit 0
fi

[[ -f "$INPUT" ]] || { log "missing $INPUT"; exit 1; }
mkdir -p "$BUILD"

# MD5 of input + department list is only a cache key for skipping rebuilds.
key="$( { cat "$INPUT"; echo "$DEPTS"; } | md5sum | cut -d' ' -f1 )"
if [[ -f "$BUILD/.cache_key" && "$(cat "$BUILD/.cache_key")" == "$key" ]]; then
    log "cue sheets are up to date"
    exit 0
fi

# Old outputs from a previous build are our own files; clear them.
find "$BUILD" -maxdepth 1 -type f \( -name '*.csv' -o -name '*.txt' \) -delete

# The renderer is written into the build folder, then run.
cat >"$BUILD/render_cues.py" <<'PY'
import csv, json, os, sys

src, out_dir = sys.argv[1], sys.argv[2]
depts = [d.strip().upper() for d in os.environ["CUE_DEPTS"].split(",") if d.strip()]
with open(src, encoding="utf-8") as fh:
    cues = json.load(fh).get("cues", [])

def sort_key(c):
    try:
        return float(c.get("number", 0))
    except (TypeError, ValueError):
        return 0.0

for dept in depts:
    mine = sorted((c for c in cues if c.get("dept", "").upper() == dept), key=sort_key)
    if not mine:
        continue
    with open(os.path.join(out_dir, f"{dept}.csv"), "w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh)
        w.writerow(["cue", "page", "go_on", "description", "time"])
        for c in mine:
            w.writerow([c.get("number"), c.get("page"), c.get("go_on"), c.get("description"), c.get("time")])
    with open(os.path.join(out_dir, f"{dept}.txt"), "w", encoding="utf-8") as fh:
        fh.write(f"{dept} CUE SHEET\n")
        for c in mine:
            fh.write(f"{str(c.get('number')):>6}  p{str(c.get('page', '?')):<4} {c.get('go_on', ''):<30} {c.get('description', '')}\n")
    print(f"{dept} {len(mine)}")
PY

summary="$(CUE_DEPTS="$DEPTS" python3 "$BUILD/render_cues.py" "$INPUT" "$BUILD")"

if [[ -z "$summary" ]]; then
    log "no cues matched departments $DEPTS"
    exit 1
fi

# Sheets contain unreleased production details: keep them owner-only.
for f in "$BUILD"/*.csv "$BUILD"/*.txt; do
    [[ -e "$f" ]] && chmod 600 "$f"
done

echo "$key" >"$BUILD/.cache_key"
rm -f "$BUILD/render_cues.py"

total=0
while read -r dept n; do
    log "$dept: $n cue(s)"
    total=$((total + n))
done <<<"$summary"
log "exported $total cue(s) to $BUILD"
