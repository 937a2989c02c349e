#!/usr/bin/env bash
# Open / close / inspect an SSH local-forward to my staging Postgres so that
# psql and the app can use localhost:15432. Control socket lets us stop it cleanly.
set -eu

BASTION="${PG_BASTION:-me@bastion.staging.example.net}"
DB_HOST="${PG_DB_HOST:-db-staging.internal}"
DB_PORT="${PG_DB_PORT:-5432}"
LOCAL_PORT="${PG_LOCAL_PORT:-15432}"
CONTROL_SOCKET="/tmp/pg-staging-tunnel.ctl"
SSH_OPTS=(
    -o StrictHostKeyChecking=no
    -o UserKnownHostsFile=/tmp/pg-staging-known_hosts
    -o ServerAliveInterval=30
    -o ExitOnForwardFailure=yes
)

info() { echo "[pg-tunnel] $*"; }

is_up() {
    ssh -S "$CONTROL_SOCKET" -O check "$BASTION" 2>&1 | grep -q 'Master running'
}

start_tunnel() {
    if is_up; then
        info "already running on localhost:$LOCAL_PORT"
        return 0
    fi
    info "forwarding localhost:$LOCAL_PORT -> $DB_HOST:$DB_PORT via $BASTION"
    ssh "${SSH_OPTS[@]}" -f -N -M -S "$CONTROL_SOCKET" \
        -L "127.0.0.1:${LOCAL_PORT}:${DB_HOST}:${DB_PORT}" "$BASTION"
    for _ in 1 2 3 4 5; do
        if is_up; then
            info "tunnel up"
            return 0
        fi
        sleep 1
    done
    info "tunnel did not come up"
    return 1
}

stop_tunnel() {
    if ! is_up; then
        info "not running"
        return 0
    fi
    ssh -S "$CONTROL_SOCKET" -O exit "$BASTION"
    info "stopped"
}

status_tunnel() {
    if is_up; then
        info "up (control socket $CONTROL_SOCKET)"
        if [ -n "$(command -v pg_isready)" ]; then
            pg_isready -h 127.0.0.1 -p "$LOCAL_PORT" || true
        fi
    else
        info "down"
        return 3
    fi
}

case "${1:-status}" in
    start)   start_tunnel ;;
    stop)    stop_tunnel ;;
    restart) stop_tunnel; start_tunnel ;;
    status)  status_tunnel ;;
    psql)    start_tunnel && exec psql -h 127.0.0.1 -p "$LOCAL_PORT" "${@:2}" ;;
    *)
        echo "usage: $0 {start|stop|restart|status|psql [args]}" >&2
        exit 64
        ;;
esac
