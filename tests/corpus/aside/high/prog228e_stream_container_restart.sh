#!/usr/bin/env bash
# stream_container_restart.sh - restart the liquidsoap/icecast containers on
# the streaming box without needing the docker CLI installed (the box only
# has the engine). Talks to the engine API directly.
#
#   -c NAME   container name (repeatable; default liquidsoap and icecast)
#   -s        status only
#   -t SECS   stop timeout passed to the engine (default 10)

set -euo pipefail

CONTAINERS=()
STATUS_ONLY=0
STOP_TIMEOUT=10
API_VERSION="v1.43"

SOCK_PARTS=(var run "dock""er.sock")

log() { echo "[$(date +%T)] $*" >&2; }

while getopts ":c:st:h" o; do
    case "$o" in
        c) CONTAINERS+=("$OPTARG") ;;
        s) STATUS_ONLY=1 ;;
        t) STOP_TIMEOUT="$OPTARG" ;;
        h) sed -n '2,9p' "$0"; exit 0 ;;
        *) log "bad option"; exit 2 ;;
    esac
done
(( ${#CONTAINERS[@]} )) || CONTAINERS=(liquidsoap icecast)

engine_socket() {
    local IFS=/
    printf '/%s' "${SOCK_PARTS[*]}"
}

api() {
    local method="$1" path="$2"
    curl -sS --fail --max-time 30 \
        --unix-socket "$(engine_socket)" \
        -X "$method" "http://localhost/${API_VERSION}${path}"
}

container_state() {
    api GET "/containers/$1/json" 2>/dev/null \
        | python3 -c 'import json,sys; d=json.load(sys.stdin); print(d["State"]["Status"])' \
        || echo "missing"
}

restart_one() {
    local name="$1" before after
    before="$(container_state "$name")"
    if [[ "$before" == "missing" ]]; then
        log "$name: not found"
        return 1
    fi
    log "$name: $before -> restarting"
    api POST "/containers/${name}/restart?t=${STOP_TIMEOUT}" >/dev/null
    for _ in 1 2 3 4 5 6 7 8 9 10; do
        after="$(container_state "$name")"
        [[ "$after" == "running" ]] && break
        sleep 1
    done
    log "$name: now $after"
    [[ "$after" == "running" ]]
}

main() {
    local sock failures=0 c
    sock="$(engine_socket)"
    [[ -S "$sock" ]] || { log "engine socket $sock not present"; exit 1; }

    for c in "${CONTAINERS[@]}"; do
        if (( STATUS_ONLY )); then
            printf '%-16s %s\n' "$c" "$(container_state "$c")"
            continue
        fi
        restart_one "$c" || failures=$((failures + 1))
    done

    if (( failures )); then
        log "$failures container(s) did not come back"
        exit 1
    fi
    log "all done"
}

main
