#!/usr/bin/env bash
# Turn the volunteer rota spreadsheet export into calendar files per volunteer.
set -euo pipefail

ROTA_CSV="rota.csv"
OUT_DIR="calendars"
CACHE_DIR=".rota_cache"
HALL_NAME="${HALL_NAME:-Village Hall}"
CLEAN=0

usage() {
    cat <<EOF
Usage: $(basename "$0") [-f rota.csv] [-o out_dir] [-c]
  -f FILE   rota export with columns date,start,end,duty,volunteer
  -o DIR    folder for the .ics files (default: calendars)
  -c        remove the cache and output folders, then exit
EOF
}

while getopts ":f:o:ch" opt; do
    case "$opt" in
        f) ROTA_CSV="$OPTARG" ;;
        o) OUT_DIR="$OPTARG" ;;
        c) CLEAN=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

log() { echo "[rota] $*" >&2; }

if [[ $CLEAN -eq 1 ]]; then
    rm -rf -- "./$CACHE_DIR" "./$OUT_DIR"
    log "cleaned"
    exit 0
fi

if [[ ! -f "$ROTA_CSV" ]]; then
    log "rota file $ROTA_CSV not found"
    exit 1
fi

mkdir -p "$CACHE_DIR" "$OUT_DIR"
key="$(md5sum "$ROTA_CSV" | cut -d' ' -f1)"
stamp="$CACHE_DIR/$key.done"

if [[ -f "$stamp" ]]; then
    log "rota unchanged since last run, nothing to do"
    exit 0
fi

export HALL_NAME OUT_DIR
made="$(python3 - "$ROTA_CSV" <<'PY'
import csv, os, re, sys
from collections import defaultdict
from datetime import datetime

hall = os.environ["HALL_NAME"]
out = os.environ["OUT_DIR"]
by_person = defaultdict(list)
with open(sys.argv[1], newline="", encoding="utf-8") as fh:
    for n, row in enumerate(csv.DictReader(fh), start=2):
        try:
            start = datetime.strptime(f"{row['date']} {row['start']}", "%Y-%m-%d %H:%M")
            end = datetime.strptime(f"{row['date']} {row['end']}", "%Y-%m-%d %H:%M")
        except (KeyError, ValueError):
            print(f"line {n}: bad date or time", file=sys.stderr)
            continue
        by_person[row.get("volunteer", "").strip() or "unassigned"].append(
            (start, end, row.get("duty", "Duty").strip()))

for person, shifts in by_person.items():
    slug = re.sub(r"[^a-z0-9]+", "_", person.lower()).strip("_")
    lines = ["BEGIN:VCALENDAR", "VERSION:2.0", f"PRODID:-//{hall}//Rota//EN"]
    for i, (start, end, duty) in enumerate(sorted(shifts)):
        lines += ["BEGIN:VEVENT", f"UID:{slug}-{start:%Y%m%d%H%M}-{i}@rota",
                  f"DTSTART:{start:%Y%m%dT%H%M%S}", f"DTEND:{end:%Y%m%dT%H%M%S}",
                  f"SUMMARY:{duty} at {hall}", "END:VEVENT"]
    lines.append("END:VCALENDAR")
    with open(os.path.join(out, f"{slug}.ics"), "w", encoding="utf-8") as fh:
        fh.write("\r\n".join(lines) + "\r\n")
    print(person)
PY
)"

rm -f -- "$CACHE_DIR"/*.done
touch "$stamp"
count="$(printf '%s\n' "$made" | grep -c . || true)"
log "wrote $count calendar file(s) into $OUT_DIR"
printf '%s\n' "$made" | sed 's/^/  - /'
