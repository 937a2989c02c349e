#!/usr/bin/env bash
# weekly_roster_summary.sh -- summarise the week's interpreter bookings from the
# roster export (CSV in the working directory) into a per-language report.
# Results are cached by the MD5 of the input so reruns are instant.
set -euo pipefail

ROSTER="${ROSTER:-./roster_export.csv}"
OUT_DIR="${OUT_DIR:-./reports}"
CACHE_DIR="./.roster_cache"
CLEAN=0
FORMAT="text"

log() { echo "[roster] $*" >&2; }

usage() {
    echo "usage: $0 [-i roster.csv] [-o out-dir] [-f text|markdown] [--clean]" >&2
}

while [[ $# -gt 0 ]]; do
    case "$1" in
        -i) ROSTER="$2"; shift 2 ;;
        -o) OUT_DIR="$2"; shift 2 ;;
        -f) FORMAT="$2"; shift 2 ;;
        --clean) CLEAN=1; shift ;;
        -h|--help) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

if [[ $CLEAN -eq 1 ]]; then
    rm -rf -- "$CACHE_DIR"
    log "cache cleared"
    exit 0
fi

case "$FORMAT" in text|markdown) ;; *) log "unknown format $FORMAT"; exit 2 ;; esac
[[ -f "$ROSTER" ]] || { log "roster $ROSTER not found"; exit 1; }
mkdir -p "$OUT_DIR" "$CACHE_DIR"

KEY="$(md5sum "$ROSTER" | cut -d' ' -f1)-$FORMAT"
CACHED="$CACHE_DIR/$KEY.txt"
REPORT="$OUT_DIR/roster-summary-$(date +%G-W%V).txt"

if [[ -f "$CACHED" ]]; then
    log "using cached summary ($KEY)"
    cp "$CACHED" "$REPORT"
    cat "$REPORT"
    exit 0
fi

ROSTER_PATH="$ROSTER" ROSTER_FORMAT="$FORMAT" python3 - > "$CACHED" <<'PY'
import csv, os, sys
from collections import defaultdict

hours = defaultdict(float)
bookings = defaultdict(int)
people = defaultdict(set)
with open(os.environ["ROSTER_PATH"], newline="") as fh:
    for row in csv.DictReader(fh):
        try:
            lang = row["language"].strip()
            dur = float(row.get("hours") or 0)
        except (KeyError, ValueError):
            print("skipping malformed row: %r" % row, file=sys.stderr)
            continue
        hours[lang] += dur
        bookings[lang] += 1
        people[lang].add(row.get("interpreter", "?"))

md = os.environ["ROSTER_FORMAT"] == "markdown"
if md:
    print("| language | bookings | hours | interpreters |")
    print("|---|---|---|---|")
for lang in sorted(hours, key=lambda l: -hours[l]):
    if md:
        print("| %s | %d | %.1f | %d |" % (lang, bookings[lang], hours[lang], len(people[lang])))
    else:
        print("%-20s %4d bookings %7.1f h %3d interpreters"
              % (lang, bookings[lang], hours[lang], len(people[lang])))
PY

cp "$CACHED" "$REPORT"
log "summary written to $REPORT"
cat "$REPORT"

# keep only the ten newest cache entries
ls -1t "$CACHE_DIR"/*.txt 2>/dev/null | tail -n +11 | while read -r old; do
    rm -f -- "$old"
done
