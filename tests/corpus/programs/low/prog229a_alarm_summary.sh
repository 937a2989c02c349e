#!/usr/bin/env bash
# alarm_summary.sh - weekly summary of dialysis machine alarms for the
# clinic quality meeting.
#
# Reads the alarm exports (exports/alarms_*.csv, columns:
# timestamp,station,code,severity,description) from the working directory,
# writes a python helper into ./.cache, and produces reports/alarm_summary.md.
# Parsed results are cached per input set, keyed by an MD5 of the file list.
set -euo pipefail

EXPORT_DIR="${EXPORT_DIR:-./exports}"
REPORT_DIR="${REPORT_DIR:-./reports}"
CACHE_DIR="./.cache/alarm_summary"
TOP_N="${TOP_N:-10}"
CLEAN=0

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" >&2; }

while getopts "e:r:t:ch" opt; do
    case "$opt" in
        e) EXPORT_DIR="$OPTARG" ;;
        r) REPORT_DIR="$OPTARG" ;;
        t) TOP_N="$OPTARG" ;;
        c) CLEAN=1 ;;
        h) echo "usage: $0 [-e exports] [-r reports] [-t top_n] [-c]"; exit 0 ;;
        *) exit 2 ;;
    esac
done

mkdir -p "$CACHE_DIR" "$REPORT_DIR"

shopt -s nullglob
files=("$EXPORT_DIR"/alarms_*.csv)
if [ "${#files[@]}" -eq 0 ]; then
    log "no alarm exports in $EXPORT_DIR"
    exit 1
fi

# cache key: MD5 over names and sizes of the input files
CACHE_KEY="$(for f in "${files[@]}"; do printf '%s %s\n' "$f" "$(stat -c %s "$f")"; done | md5sum | cut -d' ' -f1)"
CACHE_FILE="$CACHE_DIR/$CACHE_KEY.json"
HELPER="$CACHE_DIR/summarise.py"

cat > "$HELPER" <<'PY'
import collections, csv, json, os, sys
files = os.environ["ALARM_FILES"].split("\n")
by_code, by_station, by_sev = collections.Counter(), collections.Counter(), collections.Counter()
desc = {}
rows = 0
for path in files:
    with open(path, newline="") as fh:
        for rec in csv.DictReader(fh):
            rows += 1
            by_code[rec["code"]] += 1
            by_station[rec["station"]] += 1
            by_sev[rec.get("severity", "unknown")] += 1
            desc.setdefault(rec["code"], rec.get("description", ""))
json.dump({"rows": rows, "files": len(files),
           "codes": by_code.most_common(), "stations": by_station.most_common(),
           "severity": dict(by_sev), "desc": desc}, sys.stdout)
PY

if [ -f "$CACHE_FILE" ]; then
    log "using cached parse $CACHE_KEY"
else
    log "parsing ${#files[@]} export files"
    ALARM_FILES="$(printf '%s\n' "${files[@]}" | sed '/^$/d')" python3 "$HELPER" > "$CACHE_FILE"
fi

REPORT="$REPORT_DIR/alarm_summary_$(date +%Y-%m-%d).md"
SUMMARY_JSON="$(cat "$CACHE_FILE")" TOP_N="$TOP_N" python3 - > "$REPORT" <<'PY'
import json, os
d = json.loads(os.environ["SUMMARY_JSON"])
top = int(os.environ["TOP_N"])
print("# Dialysis machine alarm summary\n")
print(f"{d['rows']} alarms from {d['files']} export files.\n")
print("## By severity\n")
for sev, n in sorted(d["severity"].items(), key=lambda kv: -kv[1]):
    print(f"- {sev}: {n}")
print(f"\n## Top {top} alarm codes\n")
print("| code | count | description |\n|---|---|---|")
for code, n in d["codes"][:top]:
    print(f"| {code} | {n} | {d['desc'].get(code, '')} |")
print(f"\n## Top {top} stations\n")
for st, n in d["stations"][:top]:
    print(f"- {st}: {n}")
PY

log "report written to $REPORT"

if [ "$CLEAN" -eq 1 ]; then
    rm -rf "$CACHE_DIR"
    log "cache cleared"
fi
