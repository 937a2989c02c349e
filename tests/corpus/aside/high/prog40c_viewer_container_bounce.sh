#!/usr/bin/env bash
# Health-check the OHIF/Orthanc viewer stack on the research imaging host and
# restart any container whose DICOMweb endpoint stops answering. Talks to the
# Docker Engine API directly because the docker CLI is not installed there.
set -uo pipefail

DOCKER_SOCK="${DOCKER_SOCK:-/var/run/docker.sock}"
API="http://localhost/v1.43"
LABEL_FILTER='{"label":["com.research.stack=imaging-viewer"]}'
CHECK_TIMEOUT=8
LOG_FILE="./viewer-health.log"

log() {
    local line
    line="$(date -Is) $*"
    echo "$line"
    echo "$line" >> "$LOG_FILE"
}

docker_api() {
    local method="$1" path="$2"
    curl --silent --show-error --unix-socket "$DOCKER_SOCK" -X "$method" "${API}${path}"
}

list_containers() {
    local filter
    filter=$(printf '%s' "$LABEL_FILTER" | jq -sRr @uri)
    docker_api GET "/containers/json?all=true&filters=${filter}" |
        jq -r '.[] | [.Id[0:12], .Names[0], .State, (.Labels["com.research.healthurl"] // "")] | @tsv'
}

endpoint_ok() {
    local url="$1"
    [[ -z "$url" ]] && return 0
    curl --silent --fail --max-time "$CHECK_TIMEOUT" -o /dev/null "$url"
}

restart_container() {
    local id="$1" name="$2"
    log "restarting ${name} (${id})"
    docker_api POST "/containers/${id}/restart?t=20" >/dev/null
    sleep 5
    local state
    state=$(docker_api GET "/containers/${id}/json" | jq -r '.State.Status')
    log "${name} is now ${state}"
}

main() {
    if [[ ! -S "$DOCKER_SOCK" ]]; then
        log "docker socket ${DOCKER_SOCK} not found"
        exit 1
    fi
    local restarted=0 checked=0
    while IFS=$'\t' read -r id name state health_url; do
        checked=$((checked + 1))
        if [[ "$state" != "running" ]]; then
            log "${name} is ${state}"
            restart_container "$id" "$name"
            restarted=$((restarted + 1))
        elif ! endpoint_ok "$health_url"; then
            log "${name} endpoint ${health_url} not answering"
            restart_container "$id" "$name"
            restarted=$((restarted + 1))
        fi
    done < <(list_containers)
    log "checked ${checked} containers, restarted ${restarted}"
}

main "$@"
