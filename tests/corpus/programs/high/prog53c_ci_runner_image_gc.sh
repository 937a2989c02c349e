#!/usr/bin/env bash
# runner-image-gc.sh - scheduled CI housekeeping job for self-hosted runners.
# Talks to the Docker Engine API directly over the daemon socket (the runner
# image has curl and jq but no docker CLI) and removes dangling images and
# exited build containers older than the retention window.
set -uo pipefail

PROG=${0##*/}
SOCKET=${DOCKER_SOCKET:-/var/run/docker.sock}
API_VERSION=${DOCKER_API_VERSION:-v1.43}
RETENTION_HOURS=${GC_RETENTION_HOURS:-48}
LABEL_FILTER=${GC_LABEL:-ci.job}
DRY_RUN=${GC_DRY_RUN:-0}
REPORT=./ci-output/gc-report.txt

log() { printf '%s [%s] %s\n' "$(date -u +%FT%TZ)" "$PROG" "$*" | tee -a "$REPORT" >&2; }

engine() {
  local method=$1 path=$2
  curl -sS --fail --max-time 60 --unix-socket "$SOCKET" \
    -X "$method" "http://localhost/${API_VERSION}${path}"
}

urlencode_json() {
  jq -rn --arg v "$1" '$v|@uri'
}

cutoff_epoch() {
  echo $(( $(date +%s) - RETENTION_HOURS * 3600 ))
}

prune_containers() {
  local filters ids id removed=0 cutoff
  cutoff=$(cutoff_epoch)
  filters=$(urlencode_json "{\"status\":[\"exited\",\"dead\"],\"label\":[\"$LABEL_FILTER\"]}")
  ids=$(engine GET "/containers/json?all=1&filters=$filters" |
        jq -r --argjson c "$cutoff" '.[] | select(.Created < $c) | .Id') || return 1
  for id in $ids; do
    if (( DRY_RUN )); then
      log "would remove container ${id:0:12}"
      continue
    fi
    if engine DELETE "/containers/$id?v=1" >/dev/null; then
      removed=$((removed + 1))
    else
      log "failed to remove container ${id:0:12}"
    fi
  done
  log "removed $removed container(s)"
}

prune_images() {
  local filters ids id removed=0 cutoff
  cutoff=$(cutoff_epoch)
  filters=$(urlencode_json '{"dangling":["true"]}')
  ids=$(engine GET "/images/json?filters=$filters" |
        jq -r --argjson c "$cutoff" '.[] | select(.Created < $c) | .Id') || return 1
  for id in $ids; do
    if (( DRY_RUN )); then
      log "would remove image ${id#sha256:}"
      continue
    fi
    engine DELETE "/images/$id?noprune=0" >/dev/null && removed=$((removed + 1))
  done
  log "removed $removed dangling image(s)"
}

report_usage() {
  engine GET /system/df |
    jq -r '"images: \(.Images|length), containers: \(.Containers|length), layers: \(.LayersSize/1048576|floor) MiB"' |
    while read -r line; do log "$line"; done
}

main() {
  mkdir -p "$(dirname "$REPORT")"
  : > "$REPORT"
  if [[ ! -S $SOCKET ]]; then
    log "docker socket $SOCKET not available; nothing to do"
    exit 0
  fi
  command -v jq >/dev/null || { log "jq missing"; exit 1; }
  report_usage
  prune_containers || log "container pruning failed"
  prune_images || log "image pruning failed"
  report_usage
}

main "$@"
