#!/usr/bin/env bash
# hearing_calendar_sync.sh - pull the next weeks of hearings from the court
# calendar service so the digitisation room can pre-pull and scan the case
# files that judges will ask for. Writes ./pull_list_<date>.csv.
set -euo pipefail

CAL_BASE="${CAL_BASE:-https://calendar.courts.example.org/api/v1}"
COURTROOMS="${COURTROOMS:-1A 1B 2A 3C}"
DAYS_AHEAD=14
CACHE_DIR="./.calendar_cache"
OUT="./pull_list_$(date +%Y%m%d).csv"
KEEP_CACHE=0

log() { echo "[calendar] $*" >&2; }

usage() {
    echo "Usage: $0 [-d days] [-r 'rooms'] [-o out.csv] [-k]"
    echo "  -k  keep the downloaded JSON in $CACHE_DIR"
}

while getopts ":d:r:o:kh" opt; do
    case "$opt" in
        d) DAYS_AHEAD="$OPTARG" ;;
        r) COURTROOMS="$OPTARG" ;;
        o) OUT="$OPTARG" ;;
        k) KEEP_CACHE=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done
[[ "$DAYS_AHEAD" =~ ^[0-9]+$ ]] || { log "days must be a number"; exit 2; }

from="$(date +%Y-%m-%d)"
to="$(date -d "+${DAYS_AHEAD} days" +%Y-%m-%d)"
mkdir -p "$CACHE_DIR"

fetch_room() {
    local room="$1" dest="$CACHE_DIR/room_${1}.json"
    if curl -fsS --max-time 30 --retry 2 \
        -H 'Accept: application/json' \
        -o "$dest" \
        "$CAL_BASE/courtrooms/$room/hearings?from=$from&to=$to"; then
        echo "$dest"
    else
        log "could not fetch courtroom $room"
        return 1
    fi
}

fetched=()
for room in $COURTROOMS; do
    if path="$(fetch_room "$room")"; then
        fetched+=("$path")
    fi
done
if [[ ${#fetched[@]} -eq 0 ]]; then
    log "nothing fetched; is the calendar service reachable?"
    exit 1
fi
log "fetched ${#fetched[@]} courtroom schedule(s) for $from .. $to"

# Merge the schedules into one pull list; the file names come in through
# a pipe, the output path through the environment.
printf '%s\n' "${fetched[@]}" | PULL_OUT="$OUT" python3 -c '
import csv, json, os, sys
rows, seen = [], set()
for line in sys.stdin:
    path = line.strip()
    if not path:
        continue
    try:
        with open(path, encoding="utf-8") as fh:
            data = json.load(fh)
    except (OSError, ValueError) as exc:
        print(f"skipping {path}: {exc}", file=sys.stderr)
        continue
    for h in data.get("hearings", []):
        case_no = h.get("case_no")
        if not case_no or case_no in seen:
            continue
        seen.add(case_no)
        rows.append([h.get("date", ""), h.get("time", ""), h.get("courtroom", ""),
                     case_no, h.get("hearing_type", ""), h.get("judge", "")])
rows.sort()
with open(os.environ["PULL_OUT"], "w", newline="") as fh:
    w = csv.writer(fh)
    w.writerow(["date", "time", "courtroom", "case_no", "hearing_type", "judge"])
    w.writerows(rows)
print(len(rows))
' > "$CACHE_DIR/count"

log "pull list: $(cat "$CACHE_DIR/count") case file(s) -> $OUT"

if [[ "$KEEP_CACHE" -eq 0 ]]; then
    rm -f "$CACHE_DIR"/room_*.json "$CACHE_DIR/count"
    rmdir "$CACHE_DIR" 2>/dev/null || true
fi
