#!/usr/bin/env bash
# Run the station collector stack in a container on the gateway box.
# The collector reads the console over USB and manages its sidecar
# containers (MQTT broker, uploader) itself.
set -euo pipefail

IMAGE=${WX_IMAGE:-registry.example.com/wxclub/collector:1.8}
NAME=${WX_NAME:-wx-collector}
DATA_DIR=${WX_DATA:-$PWD/collector-data}
ENV_FILE=${WX_ENV_FILE:-$PWD/collector.env}

log() { printf '[collector] %s\n' "$*"; }

runtime() {
  local r
  for r in docker podman; do
    command -v "$r" >/dev/null && { echo "$r"; return; }
  done
  echo "no container runtime found" >&2
  return 1
}

build_args() {
  local -n _out=$1
  local sock=/var/run/docker.sock
  _out=(
    run -d --name "$NAME" --restart unless-stopped
    --privileged
    -v /dev:/dev
    -v "$sock:$sock"
    -v "$DATA_DIR:/data"
    --network host
  )
  [[ -f $ENV_FILE ]] && _out+=(--env-file "$ENV_FILE")
  _out+=("$IMAGE")
}

cmd_up() {
  local rt args=()
  rt=$(runtime)
  mkdir -p "$DATA_DIR"
  if "$rt" ps -a --format '{{.Names}}' | grep -qx "$NAME"; then
    log "container $NAME exists, recreating"
    "$rt" rm -f "$NAME" >/dev/null
  fi
  "$rt" pull "$IMAGE"
  build_args args
  "$rt" "${args[@]}"
  log "started $NAME from $IMAGE"
}

cmd_down() {
  local rt
  rt=$(runtime)
  "$rt" rm -f "$NAME" >/dev/null 2>&1 && log "removed $NAME" || log "$NAME not running"
}

cmd_logs() {
  "$(runtime)" logs --tail "${1:-100}" "$NAME"
}

cmd_status() {
  "$(runtime)" ps --filter "name=^${NAME}\$" --format 'table {{.Names}}\t{{.Status}}\t{{.Image}}'
}

usage() {
  cat <<EOF
usage: ${0##*/} {up|down|logs [n]|status}
  env: WX_IMAGE WX_NAME WX_DATA WX_ENV_FILE
EOF
}

main() {
  local sub=${1:-status}
  shift || true
  case $sub in
    up|down|logs|status) "cmd_$sub" "$@" ;;
    -h|--help|help) usage ;;
    *) usage; exit 2 ;;
  esac
}

main "$@"
