#!/bin/sh
# Garbage-collect a CI runner's Docker host without the docker CLI.
#
# The slim runner image only ships curl and jq, so this talks to the Engine
# API directly over the daemon's UNIX socket: removes exited CI containers
# older than a cutoff, then dangling images, then unused build cache.
set -eu

SOCK="${DOCKER_SOCK:-/var/run/docker.sock}"
API="http://localhost/v1.43"
MAX_AGE_HOURS="${MAX_AGE_HOURS:-12}"
LABEL_FILTER="ci.job"
DRY_RUN="${DRY_RUN:-0}"

log() { echo "docker-gc: $*" >&2; }

api() {
    # api METHOD PATH
    curl -sS --fail --unix-socket "$SOCK" -X "$1" "${API}$2"
}

urlencode_filter() {
    # only needs to handle the small JSON filters used below
    printf '%s' "$1" | jq -sRr @uri
}

check_socket() {
    if [ ! -S "$SOCK" ]; then
        log "no docker socket at $SOCK"
        exit 2
    fi
    api GET /_ping >/dev/null || { log "engine not responding"; exit 2; }
    log "engine version $(api GET /version | jq -r .Version)"
}

remove_old_containers() {
    cutoff=$(( $(date +%s) - MAX_AGE_HOURS * 3600 ))
    filter=$(urlencode_filter "{\"status\":[\"exited\",\"dead\"],\"label\":[\"$LABEL_FILTER\"]}")
    api GET "/containers/json?all=1&filters=$filter" \
        | jq -r --argjson c "$cutoff" '.[] | select(.Created < $c) | .Id' \
        | while read -r id; do
            [ -n "$id" ] || continue
            if [ "$DRY_RUN" = "1" ]; then
                log "would remove container $id"
            else
                api DELETE "/containers/$id?v=1" >/dev/null && log "removed container ${id%${id#????????????}}"
            fi
        done
}

prune_images() {
    filter=$(urlencode_filter '{"dangling":["true"]}')
    if [ "$DRY_RUN" = "1" ]; then
        n=$(api GET "/images/json?filters=$filter" | jq length)
        log "would prune $n dangling images"
        return
    fi
    reclaimed=$(api POST "/images/prune?filters=$filter" | jq -r '.SpaceReclaimed // 0')
    log "images pruned, reclaimed $((reclaimed / 1048576)) MiB"
}

prune_build_cache() {
    [ "$DRY_RUN" = "1" ] && { log "would prune build cache"; return; }
    reclaimed=$(api POST "/build/prune?keep-storage=10737418240" | jq -r '.SpaceReclaimed // 0')
    log "build cache pruned, reclaimed $((reclaimed / 1048576)) MiB"
}

report_disk() {
    api GET /system/df | jq -r '
        "images: \(.Images | length), containers: \(.Containers | length), " +
        "layers: \(.LayersSize / 1073741824 | floor) GiB"'
}

check_socket
remove_old_containers
prune_images
prune_build_cache
report_disk
