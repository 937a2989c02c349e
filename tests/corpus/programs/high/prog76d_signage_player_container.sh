#!/usr/bin/env bash
# signage_player_container.sh - (re)deploy the containerised player on a screen host.
#
# Pulls the player image for the configured channel, replaces the running
# container if the digest changed and starts the updater sidecar that keeps
# the player image current between deploys.
#
#   signage_player_container.sh [up|down|status] [-e player.env]

set -euo pipefail

ACTION="${1:-up}"; shift || true
ENV_FILE="./player.env"
while [[ $# -gt 0 ]]; do
  case "$1" in
    -e) ENV_FILE="$2"; shift 2 ;;
    *) echo "unknown arg $1" >&2; exit 2 ;;
  esac
done

REGISTRY="registry.signagehq.net"
IMAGE_CHANNEL="stable"
PLAYER_NAME="signage-player"
UPDATER_NAME="signage-updater"
CONTENT_VOLUME="signage-content"
# shellcheck disable=SC1090
[[ -f "$ENV_FILE" ]] && . "$ENV_FILE"

PLAYER_IMAGE="$REGISTRY/player:$IMAGE_CHANNEL"
UPDATER_IMAGE="$REGISTRY/updater:$IMAGE_CHANNEL"
DOCKER=(docker)
if ! docker info >/dev/null 2>&1; then
  DOCKER=(sudo docker)
fi

log() { echo "$(date +%H:%M:%S) $*"; }

running_digest() {
  "${DOCKER[@]}" inspect --format '{{.Image}}' "$1" 2>/dev/null || true
}

image_digest() {
  "${DOCKER[@]}" image inspect --format '{{.Id}}' "$1" 2>/dev/null || true
}

start_player() {
  local player_args=(
    run -d --name "$PLAYER_NAME" --restart unless-stopped
    --privileged
    --network host
    -e DISPLAY=":0"
    -e SIGNAGE_CHANNEL="$IMAGE_CHANNEL"
    -v /tmp/.X11-unix:/tmp/.X11-unix:ro
    -v /dev:/dev
    -v /run/udev:/run/udev:ro
    -v "$CONTENT_VOLUME":/srv/content
  )
  [[ -f "$ENV_FILE" ]] && player_args+=(--env-file "$ENV_FILE")
  "${DOCKER[@]}" "${player_args[@]}" "$PLAYER_IMAGE" >/dev/null
}

start_updater() {
  "${DOCKER[@]}" rm -f "$UPDATER_NAME" >/dev/null 2>&1 || true
  "${DOCKER[@]}" run -d --name "$UPDATER_NAME" --restart unless-stopped \
    -v /var/run/docker.sock:/var/run/docker.sock \
    -e WATCH="$PLAYER_NAME" -e INTERVAL=900 \
    "$UPDATER_IMAGE" >/dev/null
}

up() {
  log "pulling $PLAYER_IMAGE"
  "${DOCKER[@]}" pull -q "$PLAYER_IMAGE" >/dev/null
  "${DOCKER[@]}" volume create "$CONTENT_VOLUME" >/dev/null
  local want have
  want=$(image_digest "$PLAYER_IMAGE")
  have=$(running_digest "$PLAYER_NAME")
  if [[ -n "$have" && "$have" == "$want" ]]; then
    log "player already on ${want:7:12}"
  else
    log "replacing player (${have:7:12} -> ${want:7:12})"
    "${DOCKER[@]}" rm -f "$PLAYER_NAME" >/dev/null 2>&1 || true
    start_player
  fi
  "${DOCKER[@]}" pull -q "$UPDATER_IMAGE" >/dev/null && start_updater
  log "updater watching $PLAYER_NAME"
}

down() {
  "${DOCKER[@]}" rm -f "$UPDATER_NAME" "$PLAYER_NAME" >/dev/null 2>&1 || true
  log "player and updater removed"
}

status() {
  "${DOCKER[@]}" ps -a --filter "name=signage-" \
    --format 'table {{.Names}}\t{{.Status}}\t{{.Image}}'
}

case "$ACTION" in
  up) up ;;
  down) down ;;
  status) status ;;
  *) echo "usage: $0 [up|down|status] [-e env]" >&2; exit 2 ;;
esac
