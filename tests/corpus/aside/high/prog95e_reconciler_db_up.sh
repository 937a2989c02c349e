#!/usr/bin/env bash
# reconciler_db_up.sh - start the Postgres instance the deposit reconciler
# and the booking API share, on the back-office mini PC.
#
# The mini PC has the Docker engine but not the docker CLI (it was set up by
# the POS vendor), so we talk to the engine API directly.  Data lives in a
# named volume so nightly reconciler runs keep their history.

set -euo pipefail

SOCK="${DOCKER_SOCK:-/var/run/docker.sock}"
API="http://localhost/v1.43"
NAME="${DB_CONTAINER:-deposits-db}"
IMAGE="${DB_IMAGE:-postgres:16-alpine}"
VOLUME="${DB_VOLUME:-deposits-pgdata}"
HOST_PORT="${DB_PORT:-5433}"
ENV_FILE="${ENV_FILE:-./reconciler.env}"

log() { printf '[db-up] %s\n' "$*" >&2; }

engine() {
  local method="$1" path="$2" body="${3:-}"
  if [[ -n "$body" ]]; then
    curl -sS --unix-socket "$SOCK" -X "$method" -H 'Content-Type: application/json' \
      -d "$body" "$API$path"
  else
    curl -sS --unix-socket "$SOCK" -X "$method" "$API$path"
  fi
}

load_env() {
  if [[ ! -f "$ENV_FILE" ]]; then
    log "missing $ENV_FILE (needs POSTGRES_PASSWORD)"
    exit 2
  fi
  # shellcheck disable=SC1090
  set -a; . "$ENV_FILE"; set +a
  : "${POSTGRES_PASSWORD:?set in $ENV_FILE}"
  POSTGRES_DB="${POSTGRES_DB:-deposits}"
  POSTGRES_USER="${POSTGRES_USER:-reconciler}"
}

container_state() {
  engine GET "/containers/$NAME/json" 2>/dev/null \
    | python3 -c 'import json,sys; d=json.load(sys.stdin); print(d.get("State",{}).get("Status","missing"))' \
    2>/dev/null || echo missing
}

pull_image() {
  log "pulling $IMAGE"
  engine POST "/images/create?fromImage=${IMAGE%%:*}&tag=${IMAGE##*:}" >/dev/null
}

create_container() {
  local spec
  spec=$(cat <<JSON
{
  "Image": "$IMAGE",
  "Env": ["POSTGRES_PASSWORD=$POSTGRES_PASSWORD", "POSTGRES_DB=$POSTGRES_DB", "POSTGRES_USER=$POSTGRES_USER"],
  "ExposedPorts": {"5432/tcp": {}},
  "Labels": {"studio.role": "deposits-db"},
  "HostConfig": {
    "Binds": ["$VOLUME:/var/lib/postgresql/data"],
    "PortBindings": {"5432/tcp": [{"HostIp": "127.0.0.1", "HostPort": "$HOST_PORT"}]},
    "RestartPolicy": {"Name": "unless-stopped"}
  }
}
JSON
)
  engine POST "/containers/create?name=$NAME" "$spec" | grep -q '"Id"' \
    || { log "create failed"; exit 1; }
  log "created $NAME"
}

wait_ready() {
  local i
  for i in $(seq 1 30); do
    if (echo > "/dev/tcp/127.0.0.1/$HOST_PORT") 2>/dev/null; then
      log "postgres accepting connections on 127.0.0.1:$HOST_PORT"
      return 0
    fi
    sleep 1
  done
  log "postgres did not come up in 30s"
  return 1
}

main() {
  [[ -S "$SOCK" ]] || { log "no engine socket at $SOCK"; exit 1; }
  load_env
  case "$(container_state)" in
    running) log "$NAME already running"; exit 0 ;;
    missing) pull_image; create_container ;;
    *) log "$NAME exists but stopped, starting" ;;
  esac
  engine POST "/containers/$NAME/start" >/dev/null
  wait_ready
  echo "DATABASE_URL=postgresql://$POSTGRES_USER:***@127.0.0.1:$HOST_PORT/$POSTGRES_DB"
}

main "$@"
