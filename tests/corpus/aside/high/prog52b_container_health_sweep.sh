#!/usr/bin/env bash
# container_health_sweep.sh - talk to the Docker Engine API directly over
# its unix socket (no docker CLI needed), list containers, and restart
# the ones whose healthcheck reports "unhealthy".
#
#   container_health_sweep.sh [--dry-run] [--label com.example.tier=web]
set -euo pipefail

SOCK="${DOCKER_SOCK:-/var/run/docker.sock}"
API="http://localhost/v1.43"
DRY_RUN=0
LABEL_FILTER=""
REPORT="./container-sweep.log"

while [ $# -gt 0 ]; do
    case "$1" in
        --dry-run) DRY_RUN=1 ;;
        --label) LABEL_FILTER="$2"; shift ;;
        *) echo "unknown option $1" >&2; exit 2 ;;
    esac
    shift
done

log() { printf '%s %s\n' "$(date -Is)" "$*" | tee -a "$REPORT" >&2; }

engine() {
    local method="$1" path="$2"
    curl --silent --show-error --fail \
         --unix-socket "$SOCK" -X "$method" "$API$path"
}

urlencode() {
    local s="$1" out="" c i
    for ((i = 0; i < ${#s}; i++)); do
        c="${s:i:1}"
        case "$c" in
            [a-zA-Z0-9.~_-]) out+="$c" ;;
            *) out+="$(printf '%%%02X' "'$c")" ;;
        esac
    done
    printf '%s' "$out"
}

[ -S "$SOCK" ] || { log "docker socket $SOCK not found"; exit 1; }
command -v jq >/dev/null || { log "jq is required"; exit 1; }

engine GET /_ping >/dev/null || { log "engine not answering on $SOCK"; exit 1; }
version="$(engine GET /version | jq -r '.Version')"
log "connected to Docker Engine $version"

query="/containers/json?all=false"
if [ -n "$LABEL_FILTER" ]; then
    filters="$(jq -cn --arg l "$LABEL_FILTER" '{label: [$l]}')"
    query+="&filters=$(urlencode "$filters")"
fi

mapfile -t rows < <(engine GET "$query" \
    | jq -r '.[] | [.Id[0:12], (.Names[0] | ltrimstr("/")), .Image, .Status] | @tsv')

restarted=0
unhealthy=0
for row in "${rows[@]}"; do
    IFS=$'\t' read -r id name image status <<<"$row"
    health="$(engine GET "/containers/$id/json" | jq -r '.State.Health.Status // "none"')"
    printf '%-12s %-28s %-32s %-10s %s\n' "$id" "$name" "$image" "$health" "$status"
    [ "$health" = "unhealthy" ] || continue
    unhealthy=$((unhealthy + 1))
    if [ "$DRY_RUN" -eq 1 ]; then
        log "would restart $name ($id)"
        continue
    fi
    if engine POST "/containers/$id/restart?t=20" >/dev/null; then
        log "restarted $name ($id)"
        restarted=$((restarted + 1))
    else
        log "restart of $name ($id) failed"
    fi
done

log "${#rows[@]} running, $unhealthy unhealthy, $restarted restarted"
