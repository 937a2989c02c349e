#!/usr/bin/env bash
#
# marina_portal_check.sh - health check for the berth booking portal and the
# dockside guest kiosk.  Prints a one-line status (Nagios style) and writes a
# JSON report to ./reports/portal-<date>.json for the harbour office.
#
#   marina_portal_check.sh [-e ENV] [-w WARN_PCT] [-q]
#
# Exit codes: 0 OK, 1 WARNING, 2 CRITICAL, 3 UNKNOWN

set -uo pipefail

ENV_NAME=prod
WARN_PCT=90
QUIET=0
REPORT_DIR=./reports
CONF=./marina_portal.conf

PORTAL_URL="https://book.harbourview-marina.co.uk"
KIOSK_HOST="kiosk.dock-b.lan"
KIOSK_PORT=8443
TIMEOUT=10

[[ -f $CONF ]] && source "$CONF"

while getopts ":e:w:q" o; do
    case $o in
        e) ENV_NAME=$OPTARG ;;
        w) WARN_PCT=$OPTARG ;;
        q) QUIET=1 ;;
        *) echo "usage: $0 [-e env] [-w warn_pct] [-q]" >&2; exit 3 ;;
    esac
done

say() { [[ $QUIET -eq 1 ]] || echo "$*" >&2; }

command -v curl >/dev/null || { echo "UNKNOWN - curl missing"; exit 3; }
command -v jq >/dev/null   || { echo "UNKNOWN - jq missing"; exit 3; }

http_status() {
    curl -s -o /dev/null -w '%{http_code} %{time_total}' \
         --max-time "$TIMEOUT" "$1" 2>/dev/null || echo "000 0"
}

fetch_json() {
    curl -sf --max-time "$TIMEOUT" -H 'Accept: application/json' "$1"
}

kiosk_reachable() {
    # bash /dev/tcp probe, no nc needed on the office box
    timeout "$TIMEOUT" bash -c "exec 3<>/dev/tcp/$KIOSK_HOST/$KIOSK_PORT" 2>/dev/null
}

state=0
notes=()
bump() { (( $1 > state )) && state=$1; notes+=("$2"); }

read -r portal_code portal_time <<<"$(http_status "$PORTAL_URL/healthz")"
say "portal /healthz -> $portal_code in ${portal_time}s"
[[ $portal_code == 200 ]] || bump 2 "portal health $portal_code"

berths_json=$(fetch_json "$PORTAL_URL/api/$ENV_NAME/berths/summary") || {
    bump 2 "berth summary unavailable"
    berths_json='{}'
}
total=$(jq -r '.total // 0' <<<"$berths_json")
booked=$(jq -r '.booked // 0' <<<"$berths_json")
pct=0
if (( total > 0 )); then
    pct=$(( booked * 100 / total ))
    (( pct >= WARN_PCT )) && bump 1 "occupancy ${pct}%"
fi
say "berths: $booked/$total booked (${pct}%)"

if kiosk_reachable; then
    kiosk="up"
else
    kiosk="down"
    bump 1 "kiosk $KIOSK_HOST:$KIOSK_PORT unreachable"
fi
say "kiosk: $kiosk"

mkdir -p "$REPORT_DIR"
report="$REPORT_DIR/portal-$(date +%F).json"
jq -n --arg env "$ENV_NAME" --arg code "$portal_code" --arg t "$portal_time" \
      --argjson total "$total" --argjson booked "$booked" --arg kiosk "$kiosk" \
      --arg ts "$(date -Is)" --argjson state "$state" \
      '{ts:$ts, env:$env, portal:{code:$code, seconds:($t|tonumber)},
        berths:{total:$total, booked:$booked}, kiosk:$kiosk, state:$state}' \
      > "$report"

labels=(OK WARNING CRITICAL UNKNOWN)
msg="${labels[$state]} - portal $portal_code, berths ${pct}%, kiosk $kiosk"
(( ${#notes[@]} )) && msg+=" (${notes[*]})"
echo "$msg"
exit "$state"
