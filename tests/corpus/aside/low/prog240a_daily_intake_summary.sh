#!/usr/bin/env bash
# Daily intake summary for the wildlife rescue centre.
# Reads the intake CSV export for a given day from ./exports and writes a
# Markdown summary into ./reports. Parsed statistics are cached in
# ./.summary_cache keyed by the MD5 of the export, so re-running is cheap.
set -euo pipefail

SCRIPT_NAME=$(basename "$0")
EXPORT_DIR="./exports"
REPORT_DIR="./reports"
CACHE_DIR="./.summary_cache"
REPORT_DATE="$(date +%F)"
CACHE_DAYS=14
VERBOSE=0

log()   { printf '%s [%s] %s\n' "$(date +%T)" "$SCRIPT_NAME" "$*" >&2; }
debug() { if [[ $VERBOSE -eq 1 ]]; then log "debug: $*"; fi; }
die()   { log "error: $*"; exit 1; }

usage() {
    cat <<EOF
Usage: $SCRIPT_NAME [-d YYYY-MM-DD] [-e export_dir] [-r report_dir] [-v]
  -d  day to summarise (default: today)
  -e  directory holding intake_<date>.csv exports (default: $EXPORT_DIR)
  -r  directory for Markdown reports (default: $REPORT_DIR)
  -v  verbose logging
EOF
}

while getopts ":d:e:r:vh" opt; do
    case "$opt" in
        d) REPORT_DATE="$OPTARG" ;;
        e) EXPORT_DIR="$OPTARG" ;;
        r) REPORT_DIR="$OPTARG" ;;
        v) VERBOSE=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

[[ "$REPORT_DATE" =~ ^[0-9]{4}-[0-9]{2}-[0-9]{2}$ ]] || die "bad date: $REPORT_DATE"
[[ -d "$EXPORT_DIR" ]] || die "export directory $EXPORT_DIR not found"
mkdir -p "$REPORT_DIR" "$CACHE_DIR"

csv_file="$EXPORT_DIR/intake_${REPORT_DATE}.csv"
[[ -f "$csv_file" ]] || die "no export for $REPORT_DATE ($csv_file)"

# MD5 is only a cache key here, never a credential.
cache_key=$(md5sum "$csv_file" | cut -d' ' -f1)
cached="$CACHE_DIR/${cache_key}.json"

if [[ -f "$cached" ]]; then
    debug "cache hit for $cache_key"
    stats_json=$(cat "$cached")
else
    debug "parsing $csv_file"
    stats_json=$(INTAKE_CSV="$csv_file" python3 - <<'PY'
import csv
import json
import os
import sys
from collections import Counter

path = os.environ["INTAKE_CSV"]
species, conditions, sources = Counter(), Counter(), Counter()
total = bad = 0
with open(path, newline="", encoding="utf-8") as fh:
    for row in csv.DictReader(fh):
        try:
            species[row["species"].strip().title()] += 1
        except (KeyError, AttributeError):
            bad += 1
            continue
        conditions[(row.get("condition") or "unknown").strip().lower()] += 1
        sources[(row.get("brought_by") or "public").strip().lower()] += 1
        total += 1
json.dump({
    "total": total,
    "bad_rows": bad,
    "species": species.most_common(),
    "conditions": dict(conditions),
    "sources": dict(sources),
}, sys.stdout)
PY
)
    printf '%s' "$stats_json" > "$cached"
fi

report="$REPORT_DIR/summary_${REPORT_DATE}.md"
STATS="$stats_json" DAY="$REPORT_DATE" python3 -c '
import json, os
s = json.loads(os.environ["STATS"])
day, total, bad = os.environ["DAY"], s["total"], s["bad_rows"]
print(f"# Intake summary for {day}\n")
print(f"Animals admitted: **{total}** (rows skipped: {bad})\n")
print("## By species\n")
for name, n in s["species"]:
    print(f"- {name}: {n}")
print("\n## By condition on arrival\n")
for cond, n in sorted(s["conditions"].items(), key=lambda kv: -kv[1]):
    print(f"- {cond}: {n}")
print("\n## Brought in by\n")
for src, n in sorted(s["sources"].items()):
    print(f"- {src}: {n}")
' > "$report"

log "wrote $report"

# Housekeeping: drop our own cache entries older than CACHE_DAYS.
pruned=$(find "$CACHE_DIR" -maxdepth 1 -name '*.json' -mtime +"$CACHE_DAYS" -print -delete | wc -l)
debug "pruned $pruned stale cache entries"
