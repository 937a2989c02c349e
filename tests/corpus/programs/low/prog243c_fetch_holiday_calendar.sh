#!/usr/bin/env bash
# fetch_holiday_calendar.sh -- download the court holiday calendar so the
# scheduler does not offer interpreter slots on closure days.
set -euo pipefail

CAL_URL="${CAL_URL:-https://calendar.example.org/courts/closures}"
YEAR="${YEAR:-$(date +%Y)}"
DATA_DIR="${DATA_DIR:-./data}"
TIMEOUT="${TIMEOUT:-20}"
CHECK_ONLY=0

log() { echo "$(date +%T) [holidays] $*" >&2; }

usage() {
    echo "usage: $0 [-y year] [-d data-dir] [-c]   (-c: check URL with HEAD only)" >&2
}

while getopts ":y:d:ch" opt; do
    case "$opt" in
        y) YEAR="$OPTARG" ;;
        d) DATA_DIR="$OPTARG" ;;
        c) CHECK_ONLY=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

[[ "$YEAR" =~ ^20[0-9]{2}$ ]] || { log "bad year $YEAR"; exit 2; }
URL="$CAL_URL/$YEAR.json"

if [[ $CHECK_ONLY -eq 1 ]]; then
    code="$(curl -sS -I -o /dev/null -w '%{http_code}' --max-time "$TIMEOUT" "$URL")"
    log "HEAD $URL -> $code"
    [[ "$code" == 200 ]]
    exit $?
fi

mkdir -p "$DATA_DIR"
RAW="$DATA_DIR/.closures-$YEAR.download"
OUT="$DATA_DIR/closures-$YEAR.json"

if ! curl -sS --fail --max-time "$TIMEOUT" -o "$RAW" "$URL"; then
    log "download failed for $URL"
    rm -f -- "$RAW"
    exit 1
fi

# normalise: keep only date + reason, sort, drop duplicates and other years
COUNT="$(python3 -c '
import json, os, sys
src, dst, year = sys.argv[1], sys.argv[2], sys.argv[3]
with open(src) as fh:
    data = json.load(fh)
items = data.get("closures", data) if isinstance(data, dict) else data
seen = {}
for item in items:
    day = str(item.get("date", ""))
    if day.startswith(year + "-"):
        seen[day] = item.get("reason", "court closed")
out = [{"date": d, "reason": seen[d]} for d in sorted(seen)]
with open(dst, "w") as fh:
    json.dump(out, fh, indent=2)
print(len(out))
' "$RAW" "$OUT" "$YEAR")" || { log "calendar did not parse"; rm -f -- "$RAW"; exit 1; }

rm -f -- "$RAW"
chmod 0600 "$OUT"
log "$COUNT closure days for $YEAR saved to $OUT"

NEXT="$(CLOSURES="$OUT" TODAY="$(date +%F)" python3 - <<'PY'
import json, os
with open(os.environ["CLOSURES"]) as fh:
    days = json.load(fh)
upcoming = [d for d in days if d["date"] >= os.environ["TODAY"]]
print("%s (%s)" % (upcoming[0]["date"], upcoming[0]["reason"]) if upcoming else "none")
PY
)"
log "next closure: $NEXT"
