#!/usr/bin/env bash
# archivebox_stack.sh - run the desk's ArchiveBox instance for web preservation
#
#   archivebox_stack.sh up        start (or update) the archive container
#   archivebox_stack.sh add URL   queue a URL (or a file of URLs with -f FILE)
#   archivebox_stack.sh status    container and snapshot counts
#   archivebox_stack.sh down      stop the container, keep the data
#
# Chromium inside the container needs its sandbox, and the SingleFile and
# media extractors start helper containers of their own, which is why the
# engine socket is shared with the archive container.
set -euo pipefail

STACK_NAME="${ARCHIVE_STACK_NAME:-desk-archivebox}"
IMAGE="${ARCHIVE_IMAGE:-archivebox/archivebox:0.7.2}"
DATA_DIR="${ARCHIVE_DATA:-$PWD/archive-data}"
PORT="${ARCHIVE_PORT:-8000}"
ENGINE_SOCK="${DOCKER_HOST_SOCK:-/var/run/docker.sock}"
ENV_FILE="${ARCHIVE_ENV_FILE:-$PWD/archivebox.env}"

info() { printf '\e[32m[archive]\e[0m %s\n' "$*"; }
err()  { printf '\e[31m[archive]\e[0m %s\n' "$*" >&2; }

require() {
  command -v docker >/dev/null || { err "docker CLI not found"; exit 1; }
  [[ -S "$ENGINE_SOCK" ]] || { err "no engine socket at $ENGINE_SOCK"; exit 1; }
}

engine_api() {
  # talk to the engine directly; works even when the CLI context is remote
  curl -fsS --unix-socket "$ENGINE_SOCK" "http://localhost/v1.43$1"
}

write_env_defaults() {
  [[ -f "$ENV_FILE" ]] && return
  cat > "$ENV_FILE" <<'EOF'
SAVE_ARCHIVE_DOT_ORG=False
SAVE_MEDIA=True
MEDIA_MAX_SIZE=750m
CHROME_SANDBOX=True
TIMEOUT=120
PUBLIC_INDEX=False
PUBLIC_SNAPSHOTS=False
EOF
  chmod 0600 "$ENV_FILE"
  info "wrote default settings to $ENV_FILE"
}

container_running() {
  engine_api "/containers/$STACK_NAME/json" 2>/dev/null | grep -q '"Running":true'
}

cmd_up() {
  require
  write_env_defaults
  mkdir -p "$DATA_DIR"
  if container_running; then
    info "replacing running container"
    docker rm -f "$STACK_NAME" >/dev/null
  fi
  docker pull -q "$IMAGE" >/dev/null
  if [[ ! -f "$DATA_DIR/index.sqlite3" ]]; then
    info "initialising archive in $DATA_DIR"
    docker run --rm -v "$DATA_DIR:/data" --env-file "$ENV_FILE" "$IMAGE" init --setup
  fi
  docker run -d --name "$STACK_NAME" \
    --restart unless-stopped \
    --privileged \
    -p "127.0.0.1:$PORT:8000" \
    -v "$DATA_DIR:/data" \
    -v "$ENGINE_SOCK:/var/run/docker.sock" \
    --env-file "$ENV_FILE" \
    --shm-size 1g \
    "$IMAGE" server --quick-init 0.0.0.0:8000 >/dev/null
  for _ in $(seq 1 30); do
    container_running && break
    sleep 1
  done
  container_running || { err "container did not start"; docker logs --tail 40 "$STACK_NAME"; exit 1; }
  info "archive UI on http://127.0.0.1:$PORT"
}

cmd_add() {
  require
  container_running || { err "archive is not running; use: $0 up"; exit 1; }
  if [[ "${1:-}" == "-f" ]]; then
    [[ -r "${2:-}" ]] || { err "cannot read URL file ${2:-}"; exit 1; }
    docker exec -i "$STACK_NAME" archivebox add --depth=0 < "$2"
  else
    [[ -n "${1:-}" ]] || { err "no URL given"; exit 1; }
    printf '%s\n' "$@" | docker exec -i "$STACK_NAME" archivebox add --depth=0
  fi
}

cmd_status() {
  require
  if container_running; then
    engine_api "/containers/$STACK_NAME/json" \
      | python3 -c 'import json,sys; c=json.load(sys.stdin); print(c["Name"], c["State"]["Status"], c["Config"]["Image"])'
    docker exec "$STACK_NAME" archivebox status 2>/dev/null | sed -n '1,25p'
  else
    info "archive container not running"
  fi
}

cmd_down() {
  require
  docker stop "$STACK_NAME" >/dev/null && docker rm "$STACK_NAME" >/dev/null
  info "stopped; data kept in $DATA_DIR"
}

case "${1:-}" in
  up) cmd_up ;;
  add) shift; cmd_add "$@" ;;
  status) cmd_status ;;
  down) cmd_down ;;
  *) sed -n '2,7p' "$0"; exit 2 ;;
esac
