#!/usr/bin/env bash
# weblate_dev_stack.sh - bring up a throw-away Weblate + Postgres + Redis stack
# for testing translation workflows locally, with an updater sidecar that
# keeps the Weblate image current between sprints.
#
#   ./weblate_dev_stack.sh up|down|status|logs
set -euo pipefail

NET="weblate-dev"
DATA_DIR="${WEBLATE_DATA:-$PWD/.weblate-data}"
WEBLATE_IMAGE="${WEBLATE_IMAGE:-weblate/weblate:latest}"
ADMIN_EMAIL="${WEBLATE_ADMIN_EMAIL:-l10n@example.com}"
ENV_FILE=".weblate.env"
DOCKER="${DOCKER:-docker}"

note() { printf '\033[1m%s\033[0m\n' "$*"; }

ensure_env_file() {
    [[ -f "$ENV_FILE" ]] && return
    note "generating $ENV_FILE"
    umask 077
    cat > "$ENV_FILE" <<EOF
POSTGRES_PASSWORD=$(openssl rand -hex 16)
POSTGRES_USER=weblate
POSTGRES_DB=weblate
POSTGRES_HOST=weblate-db
REDIS_HOST=weblate-cache
WEBLATE_SITE_DOMAIN=localhost:8080
WEBLATE_ADMIN_EMAIL=$ADMIN_EMAIL
WEBLATE_ADMIN_PASSWORD=$(openssl rand -base64 18)
WEBLATE_DEBUG=0
EOF
}

container_running() {
    [[ "$($DOCKER inspect -f '{{.State.Running}}' "$1" 2>/dev/null)" == "true" ]]
}

up() {
    ensure_env_file
    mkdir -p "$DATA_DIR"/{db,cache,weblate}
    $DOCKER network inspect "$NET" >/dev/null 2>&1 || $DOCKER network create "$NET" >/dev/null

    container_running weblate-db || $DOCKER run -d --rm --name weblate-db --network "$NET" \
        --env-file "$ENV_FILE" -v "$DATA_DIR/db:/var/lib/postgresql/data" postgres:16-alpine

    container_running weblate-cache || $DOCKER run -d --rm --name weblate-cache --network "$NET" \
        -v "$DATA_DIR/cache:/data" redis:7-alpine redis-server --save 60 1

    note "waiting for postgres"
    for _ in $(seq 1 30); do
        $DOCKER exec weblate-db pg_isready -q -U weblate && break
        sleep 2
    done

    container_running weblate || $DOCKER run -d --rm --name weblate --network "$NET" \
        --env-file "$ENV_FILE" -p 127.0.0.1:8080:8080 \
        -v "$DATA_DIR/weblate:/app/data" "$WEBLATE_IMAGE"

    # updater sidecar: pulls new weblate images and recreates the container
    container_running weblate-updater || $DOCKER run -d --rm --name weblate-updater \
        -v /var/run/docker.sock:/var/run/docker.sock \
        containrrr/watchtower --interval 21600 --cleanup weblate

    note "Weblate: http://127.0.0.1:8080/  (admin: $ADMIN_EMAIL, password in $ENV_FILE)"
}

down() {
    for c in weblate-updater weblate weblate-cache weblate-db; do
        container_running "$c" && $DOCKER stop "$c" >/dev/null && echo "stopped $c"
    done
    $DOCKER network rm "$NET" >/dev/null 2>&1 || true
}

status() {
    $DOCKER ps --filter "network=$NET" --format 'table {{.Names}}\t{{.Status}}\t{{.Ports}}'
}

case "${1:-up}" in
    up) up ;;
    down) down ;;
    status) status ;;
    logs) $DOCKER logs -f --tail 100 weblate ;;
    *) echo "usage: $0 up|down|status|logs" >&2; exit 2 ;;
esac
