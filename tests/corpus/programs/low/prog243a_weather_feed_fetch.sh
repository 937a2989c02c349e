#!/usr/bin/env bash
# Fetch the marine forecast for the headland and write the text shown on the
# visitor-centre "conditions today" screen. Responses are cached in the
# working directory under an MD5 key of the request URL so repeated runs in
# the same hour do not hit the API again.
set -euo pipefail

PROG="$(basename "$0")"
API="${FORECAST_API:-https://api.example.org/marine/v2/forecast}"
SITE="${FORECAST_SITE:-skerry-point}"
CACHE_DIR="./.cache/forecast"
OUT="./conditions_today.txt"
MAX_AGE_MIN=60

log() { echo "$(date +%T) $PROG: $*" >&2; }

usage() { echo "usage: $PROG [--site NAME] [--out FILE] [--max-age MINUTES]"; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --site) SITE="$2"; shift 2 ;;
        --out) OUT="$2"; shift 2 ;;
        --max-age) MAX_AGE_MIN="$2"; shift 2 ;;
        -h|--help) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

os_name() {
    # used only for the User-Agent string
    local id ver
    if [[ -r /etc/os-release ]]; then
        id="$(sed -n 's/^ID=//p' /etc/os-release | tr -d '"')"
        ver="$(sed -n 's/^VERSION_ID=//p' /etc/os-release | tr -d '"')"
        echo "${id:-linux}-${ver:-0}"
    else
        echo "linux"
    fi
}

URL="${API}?site=${SITE}&hours=12"
KEY="$(printf '%s' "$URL" | md5sum | cut -d' ' -f1)"
CACHE_FILE="$CACHE_DIR/${KEY}.json"
mkdir -p "$CACHE_DIR"

fetch() {
    local body
    if ! body="$(curl -fsS --max-time 20 \
            -H "User-Agent: lighthouse-screen/1.3 ($(os_name))" \
            -H 'Accept: application/json' "$URL")"; then
        log "forecast request failed"
        return 1
    fi
    printf '%s' "$body" >"$CACHE_FILE"
}

if [[ -f "$CACHE_FILE" ]] && \
   [[ -z "$(find "$CACHE_FILE" -mmin +"$MAX_AGE_MIN" 2>/dev/null)" ]]; then
    log "using cached forecast ($KEY)"
else
    log "fetching $URL"
    fetch || { [[ -f "$CACHE_FILE" ]] && log "falling back to stale cache" || exit 1; }
fi

# The JSON goes to python in an environment variable; python only formats it.
FEED_JSON="$(cat "$CACHE_FILE")" SITE="$SITE" python3 -c '
import json, os, sys
try:
    data = json.loads(os.environ["FEED_JSON"])
except ValueError as exc:
    sys.exit("bad forecast JSON: %s" % exc)
periods = data.get("periods", [])
if not periods:
    sys.exit("forecast has no periods")
def beaufort(kn):
    limits = [1, 3, 6, 10, 16, 21, 27, 33, 40, 47, 55, 63]
    return next((i for i, l in enumerate(limits) if kn < l), 12)
site = os.environ["SITE"].replace("-", " ").title()
print("Conditions at " + site)
for p in periods[:4]:
    kn = float(p.get("wind_kn", 0))
    label = p.get("label", "?")
    wdir = p.get("wind_dir", "")
    sea = p.get("sea_state", "n/a")
    vis = p.get("visibility", "n/a")
    print(f"  {label:<10} wind F{beaufort(kn)} {wdir:<3} sea {sea:<10} vis {vis}")
' >"$OUT.new" || { log "formatting failed"; rm -f "$OUT.new"; exit 1; }

mv "$OUT.new" "$OUT"
log "wrote $OUT"
