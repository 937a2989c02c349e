#!/bin/sh
# docker-entrypoint.sh for the queue-worker image.
#
# Starts as root only long enough to render the runtime config into
# /etc/worker, fix ownership of the data volume, and wait for the broker;
# then drops to the unprivileged "worker" user with gosu and execs CMD.

set -eu

: "${WORKER_USER:=worker}"
: "${BROKER_HOST:=rabbitmq}"
: "${BROKER_PORT:=5672}"
: "${WORKER_CONCURRENCY:=4}"
: "${DATA_DIR:=/var/lib/worker}"
CONF_DIR=/etc/worker
TEMPLATE=/usr/local/share/worker/worker.conf.tmpl

log() {
    echo "entrypoint: $*" >&2
}

wait_for_tcp() {
    host=$1 port=$2 tries=${3:-30}
    i=0
    while ! nc -z -w 2 "$host" "$port" 2>/dev/null; do
        i=$((i + 1))
        if [ "$i" -ge "$tries" ]; then
            log "gave up waiting for $host:$port"
            return 1
        fi
        log "waiting for $host:$port ($i/$tries)"
        sleep 2
    done
}

render_config() {
    mkdir -p "$CONF_DIR"
    if [ -f "$TEMPLATE" ]; then
        envsubst '${BROKER_HOST} ${BROKER_PORT} ${WORKER_CONCURRENCY} ${DATA_DIR}' \
            < "$TEMPLATE" > "$CONF_DIR/worker.conf"
    else
        cat > "$CONF_DIR/worker.conf" <<EOF
[broker]
url = amqp://${BROKER_HOST}:${BROKER_PORT}/
[worker]
concurrency = ${WORKER_CONCURRENCY}
data_dir = ${DATA_DIR}
EOF
    fi
    chown root:"$WORKER_USER" "$CONF_DIR/worker.conf"
    chmod 0640 "$CONF_DIR/worker.conf"
}

fix_volume() {
    mkdir -p "$DATA_DIR/spool" "$DATA_DIR/state"
    # only chown when the volume was created by a different uid
    owner=$(stat -c %U "$DATA_DIR")
    if [ "$owner" != "$WORKER_USER" ]; then
        log "chowning $DATA_DIR to $WORKER_USER (was $owner)"
        chown -R "$WORKER_USER:$WORKER_USER" "$DATA_DIR"
    fi
}

# allow `docker run image bash` and friends
case "${1:-}" in
    -*) set -- worker-run "$@" ;;
    '') set -- worker-run ;;
esac

if [ "$1" = "worker-run" ] || [ "$1" = "worker-beat" ]; then
    if [ "$(id -u)" = "0" ]; then
        render_config
        fix_volume
        wait_for_tcp "$BROKER_HOST" "$BROKER_PORT" 60
        log "dropping privileges to $WORKER_USER"
        exec gosu "$WORKER_USER" "$0" "$@"
    fi
    log "starting $1 with concurrency $WORKER_CONCURRENCY"
    exec "$@" --config "$CONF_DIR/worker.conf"
fi

exec "$@"
