#!/usr/bin/env bash
# Build a Markdown data dictionary for the research warehouse extract CSVs.
#
# Each CSV under ./extracts is profiled by an embedded Python helper (column
# names, inferred types, null rate, distinct count).  Profiles are cached in
# ./build/.cache keyed by the MD5 of the file so unchanged extracts are not
# re-read on every run.  Output goes to ./build/dictionary/DATA_DICTIONARY.md.
set -euo pipefail

EXTRACT_DIR="./extracts"
BUILD_DIR="./build"
OUT_DIR="$BUILD_DIR/dictionary"
CACHE_DIR="$BUILD_DIR/.cache"
LOG_FILE="$BUILD_DIR/dictionary.log"
MAX_ROWS=5000
CLEAN_CACHE=0

usage() {
    cat <<EOF
Usage: $(basename "$0") [-d extract_dir] [-n max_rows] [-c] [-h]
  -d DIR   directory holding extract CSVs (default: $EXTRACT_DIR)
  -n N     rows to sample per file (default: $MAX_ROWS)
  -c       clear the profile cache before running
  -h       show this help
EOF
}

log() {
    local level="$1"; shift
    printf '%s [%s] %s\n' "$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$level" "$*" | tee -a "$LOG_FILE" >&2
}

while getopts "d:n:ch" opt; do
    case "$opt" in
        d) EXTRACT_DIR="$OPTARG" ;;
        n) MAX_ROWS="$OPTARG" ;;
        c) CLEAN_CACHE=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

mkdir -p "$OUT_DIR" "$CACHE_DIR"
: > "$LOG_FILE"

if [[ ! -d "$EXTRACT_DIR" ]]; then
    log ERROR "extract directory $EXTRACT_DIR not found"
    exit 1
fi

if [[ "$CLEAN_CACHE" -eq 1 ]]; then
    log INFO "clearing profile cache in $CACHE_DIR"
    rm -rf "${CACHE_DIR:?}"/*.json
fi

cache_key() {
    md5sum "$1" | cut -d' ' -f1
}

profile_csv() {
    local csv="$1" key cached
    key="$(cache_key "$csv")"
    cached="$CACHE_DIR/$key.json"
    if [[ -s "$cached" ]]; then
        log INFO "cache hit for $(basename "$csv")"
        cat "$cached"
        return 0
    fi
    log INFO "profiling $(basename "$csv") (max $MAX_ROWS rows)"
    PROFILE_FILE="$csv" PROFILE_MAX_ROWS="$MAX_ROWS" python3 - > "$cached.part" <<'PY'
import csv
import json
import os

path = os.environ["PROFILE_FILE"]
limit = int(os.environ.get("PROFILE_MAX_ROWS", "5000"))

def infer(values):
    kinds = set()
    for v in values:
        if v == "":
            continue
        try:
            int(v); kinds.add("integer"); continue
        except ValueError:
            pass
        try:
            float(v); kinds.add("decimal"); continue
        except ValueError:
            pass
        kinds.add("text")
    if not kinds:
        return "empty"
    if kinds == {"integer"}:
        return "integer"
    if kinds <= {"integer", "decimal"}:
        return "decimal"
    return "text"

with open(path, newline="", encoding="utf-8") as fh:
    reader = csv.DictReader(fh)
    columns = {name: [] for name in (reader.fieldnames or [])}
    rows = 0
    for row in reader:
        if rows >= limit:
            break
        rows += 1
        for name in columns:
            columns[name].append((row.get(name) or "").strip())

profile = {"file": os.path.basename(path), "rows_sampled": rows, "columns": []}
for name, values in columns.items():
    nulls = sum(1 for v in values if v == "")
    profile["columns"].append({
        "name": name,
        "type": infer(values),
        "null_pct": round(100.0 * nulls / rows, 1) if rows else 0.0,
        "distinct": len(set(values)),
    })
print(json.dumps(profile))
PY
    mv "$cached.part" "$cached"
    cat "$cached"
}

shopt -s nullglob
files=("$EXTRACT_DIR"/*.csv)
if [[ ${#files[@]} -eq 0 ]]; then
    log WARN "no CSV files in $EXTRACT_DIR"
    exit 0
fi

profiles="$BUILD_DIR/profiles.jsonl"
: > "$profiles"
for f in "${files[@]}"; do
    if ! profile_csv "$f" >> "$profiles"; then
        log ERROR "failed to profile $f"
        rm -f "$CACHE_DIR"/*.part
    fi
done

# Render the collected profiles; the helper reads JSON lines from the pipe.
DICT_TITLE="Research Warehouse Extract Dictionary" \
python3 -c '
import json, os, sys
print("# " + os.environ["DICT_TITLE"] + "\n")
for line in sys.stdin:
    p = json.loads(line)
    print("## {} ({} rows sampled)\n".format(p["file"], p["rows_sampled"]))
    print("| Column | Type | Null % | Distinct |")
    print("|---|---|---|---|")
    for c in p["columns"]:
        print("| {name} | {type} | {null_pct} | {distinct} |".format(**c))
    print()
' < "$profiles" > "$OUT_DIR/DATA_DICTIONARY.md"

log INFO "wrote $OUT_DIR/DATA_DICTIONARY.md covering ${#files[@]} file(s)"
