#!/usr/bin/env bash
# projector_status_poll.sh - poll each projector's HTTPS status API and
# record lamp/laser hours, temperature and shutter state in a CSV.
#
# The projectors ship with self-signed certificates, so certificate
# checking is switched off for these calls.
#
# Usage: projector_status_poll.sh [-l projectors.txt] [-o status.csv] [-t max_temp]

set -uo pipefail

LIST_FILE="./projectors.txt"
OUT_FILE="./projector_status.csv"
MAX_TEMP=45
TIMEOUT=10
API_PATH="/api/v1/status"

log() { printf '%s poll: %s\n' "$(date '+%T')" "$*" >&2; }

usage() { echo "Usage: $(basename "$0") [-l projectors.txt] [-o status.csv] [-t max_temp]"; }

while getopts ":l:o:t:h" opt; do
    case "$opt" in
        l) LIST_FILE="$OPTARG" ;;
        o) OUT_FILE="$OPTARG" ;;
        t) MAX_TEMP="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

projector_list() {
    if [[ -r "$LIST_FILE" ]]; then
        grep -Ev '^\s*(#|$)' "$LIST_FILE"
    else
        printf '%s\n' "screen01 192.0.2.11" "screen02 192.0.2.12" \
                      "screen03 192.0.2.13" "screen04 192.0.2.14"
    fi
}

fetch_status() {
    local ip="$1"
    curl -sS -k --max-time "$TIMEOUT" \
         -H "Accept: application/json" \
         "https://${ip}${API_PATH}"
}

summarise() {
    # JSON arrives on stdin; screen name and thresholds via the environment.
    python3 -c '
import json, os, sys
screen = os.environ["POLL_SCREEN"]
max_temp = float(os.environ["POLL_MAX_TEMP"])
try:
    data = json.load(sys.stdin)
except ValueError:
    print("%s,error,,,,bad-json" % screen)
    sys.exit(1)
hours = data.get("light_source", {}).get("hours", "")
temp = data.get("temperature_c", "")
shutter = data.get("shutter", "unknown")
state = data.get("state", "unknown")
flag = "ok"
try:
    if float(temp) > max_temp:
        flag = "overtemp"
except (TypeError, ValueError):
    flag = "no-temp"
print("%s,%s,%s,%s,%s,%s" % (screen, state, hours, temp, shutter, flag))
'
}

main() {
    local line screen ip body row warn=0
    echo "screen,state,light_hours,temp_c,shutter,flag" > "$OUT_FILE"
    while read -r screen ip; do
        [[ -n "$ip" ]] || continue
        if ! body="$(fetch_status "$ip")"; then
            log "$screen ($ip) unreachable"
            echo "$screen,unreachable,,,," >> "$OUT_FILE"
            warn=$(( warn + 1 ))
            continue
        fi
        row="$(printf '%s' "$body" | POLL_SCREEN="$screen" POLL_MAX_TEMP="$MAX_TEMP" summarise)" || true
        echo "$row" >> "$OUT_FILE"
        case "$row" in
            *,ok) log "$screen ok" ;;
            *) log "$screen needs attention: $row"; warn=$(( warn + 1 )) ;;
        esac
    done < <(projector_list)
    log "wrote $OUT_FILE ($warn warnings)"
    (( warn == 0 ))
}

main
