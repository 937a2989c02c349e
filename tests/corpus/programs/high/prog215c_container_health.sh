#!/usr/bin/env bash
# container_health.sh - check the crew scheduling containers on this host
# through the Docker Engine API and restart any that report unhealthy.
set -euo pipefail

DOCKER_SOCK="${DOCKER_SOCK:-/var/run/docker.sock}"
NAME_FILTER="${NAME_FILTER:-crew-}"
RESTART=1
REPORT="${REPORT:-./container_health.txt}"

log() { echo "$(date '+%F %T') [health] $*" >&2; }

usage() {
    echo "Usage: $0 [-f name-prefix] [-n] [-r report]" >&2
    echo "  -n  report only, do not restart" >&2
}

while getopts ":f:nr:h" opt; do
    case "$opt" in
        f) NAME_FILTER="$OPTARG" ;;
        n) RESTART=0 ;;
        r) REPORT="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

docker_api() {
    local method="$1" path="$2"
    curl -sS --max-time 20 --unix-socket "$DOCKER_SOCK" -X "$method" \
        "http://localhost/v1.43${path}"
}

list_containers() {
    local raw
    raw="$(docker_api GET '/containers/json?all=1')" || return 1
    RAW_JSON="$raw" PREFIX="$NAME_FILTER" python3 - <<'PY'
import json, os
prefix = os.environ["PREFIX"]
for c in json.loads(os.environ["RAW_JSON"]):
    names = [n.lstrip("/") for n in c.get("Names", [])]
    name = next((n for n in names if n.startswith(prefix)), None)
    if not name:
        continue
    status = c.get("Status", "")
    if "(unhealthy)" in status:
        health = "unhealthy"
    elif c.get("State") != "running":
        health = "stopped"
    else:
        health = "ok"
    print(f"{c['Id'][:12]}\t{name}\t{health}\t{status}")
PY
}

restart_container() {
    local id="$1" name="$2"
    local code
    code="$(curl -s -o /dev/null -w '%{http_code}' --max-time 60 \
        --unix-socket "$DOCKER_SOCK" -X POST \
        "http://localhost/v1.43/containers/${id}/restart?t=20")"
    if [ "$code" = "204" ]; then
        log "restarted $name ($id)"
    else
        log "restart of $name failed with HTTP $code"
        return 1
    fi
}

main() {
    if [ ! -S "$DOCKER_SOCK" ]; then
        log "docker socket $DOCKER_SOCK not found"
        exit 1
    fi
    local rows bad=0 restarted=0
    rows="$(list_containers)" || { log "cannot query docker"; exit 1; }
    : > "$REPORT"
    while IFS=$'\t' read -r id name health status; do
        [ -n "$id" ] || continue
        printf '%-28s %-10s %s\n' "$name" "$health" "$status" >> "$REPORT"
        if [ "$health" != "ok" ]; then
            bad=$((bad + 1))
            if [ "$RESTART" -eq 1 ] && restart_container "$id" "$name"; then
                restarted=$((restarted + 1))
            fi
        fi
    done <<< "$rows"
    log "$bad container(s) not healthy, $restarted restarted; report in $REPORT"
    [ "$bad" -eq "$restarted" ]
}

main
