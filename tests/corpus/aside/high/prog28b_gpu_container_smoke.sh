#!/usr/bin/env bash
# GPU node smoke test: talks to the Docker Engine API directly over its unix
# socket (no docker CLI on the minimal node image) and starts a throw-away
# privileged container that runs nvidia-smi against the host devices.
#
# Subcommands are dispatched through a case table to api_* functions.
set -euo pipefail

DOCKER_SOCK="${DOCKER_SOCK:-/var/run/docker.sock}"
API_VERSION="v1.43"
IMAGE="${SMOKE_IMAGE:-nvidia/cuda:12.3.2-base-ubuntu22.04}"
NAME_PREFIX="gpu-smoke"
KEEP=0

log() { printf '[gpu-smoke] %s\n' "$*" >&2; }

api() {
  local method="$1" path="$2"; shift 2
  curl --silent --show-error --fail \
       --unix-socket "$DOCKER_SOCK" \
       -X "$method" -H 'Content-Type: application/json' \
       "http://localhost/${API_VERSION}${path}" "$@"
}

api_ping()  { api GET /_ping; echo; }
api_info()  { api GET /info | jq '{ServerVersion, Runtimes: (.Runtimes|keys), NCPU, MemTotal}'; }
api_list()  { api GET '/containers/json?all=1' | jq -r '.[] | "\(.Id[0:12])  \(.State)  \(.Names[0])"'; }

api_pull() {
  local repo="${IMAGE%:*}" tag="${IMAGE##*:}"
  log "pulling ${IMAGE}"
  api POST "/images/create?fromImage=${repo}&tag=${tag}" >/dev/null
}

container_spec() {
  jq -n --arg image "$IMAGE" '{
    Image: $image,
    Cmd: ["nvidia-smi", "--query-gpu=name,driver_version,memory.total", "--format=csv"],
    HostConfig: {
      Privileged: true,
      Binds: ["/dev:/dev"],
      AutoRemove: false
    }
  }'
}

api_run() {
  local name="${NAME_PREFIX}-$$" id rc
  api_pull
  id="$(container_spec | api POST "/containers/create?name=${name}" --data-binary @- | jq -r .Id)"
  [[ -n "$id" && "$id" != null ]] || { log "create failed"; return 1; }
  log "created ${id:0:12}"
  api POST "/containers/${id}/start" >/dev/null
  rc="$(api POST "/containers/${id}/wait" | jq -r .StatusCode)"
  api GET "/containers/${id}/logs?stdout=1&stderr=1" | tr -d '\000-\010'
  if [[ $KEEP -eq 0 ]]; then
    api DELETE "/containers/${id}?force=1" >/dev/null
  fi
  log "exit status ${rc}"
  return "$rc"
}

api_cleanup() {
  local id
  for id in $(api GET "/containers/json?all=1&filters=%7B%22name%22%3A%5B%22${NAME_PREFIX}%22%5D%7D" | jq -r '.[].Id'); do
    api DELETE "/containers/${id}?force=1" >/dev/null && log "removed ${id:0:12}"
  done
}

dispatch() {
  local handler
  case "${1:-run}" in
    ping)          handler=api_ping ;;
    info)          handler=api_info ;;
    ls|list)       handler=api_list ;;
    pull)          handler=api_pull ;;
    run|smoke)     handler=api_run ;;
    clean|cleanup) handler=api_cleanup ;;
    *) echo "usage: $0 [--keep] {ping|info|list|pull|run|cleanup}" >&2; return 2 ;;
  esac
  "$handler"
}

main() {
  if [[ "${1:-}" == "--keep" ]]; then KEEP=1; shift; fi
  [[ -S "$DOCKER_SOCK" ]] || { log "no docker socket at $DOCKER_SOCK"; exit 1; }
  command -v jq >/dev/null || { log "jq is required"; exit 1; }
  dispatch "$@"
}

main "$@"
