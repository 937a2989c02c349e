#!/usr/bin/env bash
# docker-entrypoint.sh for the billing-api image.
#
# The image already runs as the unprivileged "app" user (USER app in the
# Dockerfile), so this script never changes identity.  It:
#   * renders the runtime config from environment variables,
#   * waits for the database to accept TCP connections,
#   * applies migrations once per container start,
#   * hands PID 1 over to gunicorn (or to whatever command was given).
set -Eeuo pipefail

RUNTIME_CONF=/tmp/billing-api.ini
PID_FILE=/tmp/billing-api.pid
MIGRATION_STAMP=/tmp/.migrated

: "${PORT:=8000}"
: "${DB_HOST:=db}"
: "${DB_PORT:=5432}"
: "${DB_NAME:=billing}"
: "${DB_WAIT_SECONDS:=60}"
: "${WEB_CONCURRENCY:=3}"
: "${LOG_LEVEL:=info}"

log() { printf '%s entrypoint: %s\n' "$(date -u +%FT%TZ)" "$*" >&2; }

on_error() {
    log "failed at line $1 (exit $2)"
}
trap 'on_error $LINENO $?' ERR

render_config() {
    log "writing runtime config to $RUNTIME_CONF"
    cat > "$RUNTIME_CONF" <<EOF
[database]
host = ${DB_HOST}
port = ${DB_PORT}
name = ${DB_NAME}
user = ${DB_USER:-billing}

[server]
workers = ${WEB_CONCURRENCY}
log_level = ${LOG_LEVEL}
EOF
}

wait_for_db() {
    local deadline=$(( $(date +%s) + DB_WAIT_SECONDS ))
    log "waiting up to ${DB_WAIT_SECONDS}s for ${DB_HOST}:${DB_PORT}"
    until (exec 3<>"/dev/tcp/${DB_HOST}/${DB_PORT}") 2>/dev/null; do
        if (( $(date +%s) >= deadline )); then
            log "database did not come up in time"
            return 1
        fi
        sleep 2
    done
    log "database is reachable"
}

run_migrations() {
    if [[ -f $MIGRATION_STAMP && ${FORCE_MIGRATE:-0} != 1 ]]; then
        log "migrations already applied in this container"
        return 0
    fi
    log "applying migrations"
    python -m billing.manage migrate --config "$RUNTIME_CONF" --noinput
    date -u +%s > "$MIGRATION_STAMP"
}

start_server() {
    log "starting gunicorn on port ${PORT} with ${WEB_CONCURRENCY} workers"
    exec gunicorn billing.wsgi:application \
        --bind "0.0.0.0:${PORT}" \
        --workers "$WEB_CONCURRENCY" \
        --pid "$PID_FILE" \
        --log-level "$LOG_LEVEL" \
        --access-logfile - \
        --env "BILLING_CONFIG=$RUNTIME_CONF"
}

main() {
    if [[ $# -gt 0 && $1 != -* ]]; then
        # `docker run image bash` and friends: run the given command instead
        log "running custom command: $*"
        exec "$@"
    fi
    render_config
    if [[ ${SKIP_DB_WAIT:-0} != 1 ]]; then
        wait_for_db
    fi
    if [[ ${SKIP_MIGRATIONS:-0} != 1 ]]; then
        run_migrations
    fi
    start_server "$@"
}

main "$@"
