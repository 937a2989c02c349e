#!/usr/bin/env bash
# Deploy or update the front-desk check-in kiosk on the reception NUC.
#
# The kiosk container shows the member check-in screen, talks to the badge
# reader and the label printer over USB, and starts/stops the companion
# label-render container itself, so it gets the host's devices and the
# Docker API.
#
# usage: checkin_kiosk_deploy.sh [-t TAG] [--env FILE] [--rollback]

set -euo pipefail

IMAGE="${KIOSK_IMAGE:-registry.hivecowork.example/kiosk/checkin}"
TAG="${KIOSK_TAG:-stable}"
NAME="checkin-kiosk"
ENV_FILE="${ENV_FILE:-./kiosk.env}"
DATA_DIR="${DATA_DIR:-$PWD/kiosk-data}"
HEALTH_URL="http://127.0.0.1:8080/healthz"
ROLLBACK=0

log() { printf '%s deploy: %s\n' "$(date +%T)" "$*"; }
die() { log "error: $*" >&2; exit 1; }

while [[ $# -gt 0 ]]; do
  case "$1" in
    -t|--tag) TAG="$2"; shift 2 ;;
    --env) ENV_FILE="$2"; shift 2 ;;
    --rollback) ROLLBACK=1; shift ;;
    -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
    *) die "unknown option $1" ;;
  esac
done

command -v docker >/dev/null || die "docker is not installed"
[[ -r "$ENV_FILE" ]] || die "env file $ENV_FILE missing (copy kiosk.env.example)"
mkdir -p "$DATA_DIR"

current_image() {
  docker inspect --format '{{.Config.Image}}' "$NAME" 2>/dev/null || true
}

remove_current() {
  if docker ps -a --format '{{.Names}}' | grep -qx "$NAME"; then
    log "stopping $NAME"
    docker stop --time 15 "$NAME" >/dev/null || true
    docker rm "$NAME" >/dev/null
  fi
}

start_kiosk() {
  local ref="$1"
  log "starting $NAME from $ref"
  docker run -d \
    --name "$NAME" \
    --privileged \
    --network host \
    -v /var/run/docker.sock:/var/run/docker.sock \
    -v /run/udev:/run/udev:ro \
    -v /dev:/dev \
    -v "$DATA_DIR:/data" \
    -e DISPLAY="${DISPLAY:-:0}" \
    -v /tmp/.X11-unix:/tmp/.X11-unix \
    --env-file "$ENV_FILE" \
    --label "hive.deployed-at=$(date -u +%FT%TZ)" \
    "$ref" >/dev/null
}

wait_healthy() {
  local i
  for i in $(seq 1 30); do
    if curl -fsS --max-time 2 "$HEALTH_URL" >/dev/null 2>&1; then
      return 0
    fi
    sleep 2
  done
  return 1
}

PREVIOUS="$(current_image)"
[[ -n "$PREVIOUS" ]] && echo "$PREVIOUS" > "$DATA_DIR/.previous_image"

if [[ "$ROLLBACK" == 1 ]]; then
  [[ -s "$DATA_DIR/.previous_image" ]] || die "no previous image recorded"
  TARGET="$(cat "$DATA_DIR/.previous_image")"
else
  TARGET="$IMAGE:$TAG"
  log "pulling $TARGET"
  docker pull --quiet "$TARGET" >/dev/null || die "pull failed"
fi

remove_current
start_kiosk "$TARGET"

if wait_healthy; then
  log "kiosk healthy on $TARGET"
  docker image prune -f --filter "label=hive.app=kiosk" >/dev/null || true
else
  log "kiosk did not become healthy; recent logs:"
  docker logs --tail 40 "$NAME" || true
  if [[ -n "$PREVIOUS" && "$PREVIOUS" != "$TARGET" ]]; then
    log "rolling back to $PREVIOUS"
    remove_current
    start_kiosk "$PREVIOUS"
  fi
  exit 1
fi
