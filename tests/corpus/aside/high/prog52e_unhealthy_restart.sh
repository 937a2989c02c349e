#!/usr/bin/env bash
# unhealthy_restart.sh - restart containers whose healthcheck reports
# "unhealthy", talking to the engine API directly (no docker CLI in the
# monitoring image). Intended to run from a timer on the host.
set -euo pipefail

SOCK="${ENGINE_SOCK:-/var/run/docker.sock}"
API="http://localhost/v1.43"
LABEL_FILTER="${LABEL_FILTER:-com.example.autoheal=true}"
MAX_RESTARTS="${MAX_RESTARTS:-3}"
STATE_DIR="${STATE_DIR:-./autoheal-state}"
DRY_RUN=0

log() { printf '%s autoheal: %s\n' "$(date -Is)" "$*" >&2; }

engine() {
    # engine METHOD PATH [curl args...]
    local method="$1" path="$2"; shift 2
    curl --silent --show-error --fail --max-time 20 \
         --unix-socket "$SOCK" -X "$method" "$API$path" "$@"
}

urlencode_json() {
    jq -rn --arg v "$1" '$v|@uri'
}

list_unhealthy() {
    local filters
    filters=$(jq -cn --arg l "$LABEL_FILTER" '{health:["unhealthy"], label:[$l]}')
    engine GET "/containers/json?filters=$(urlencode_json "$filters")" \
        | jq -r '.[] | "\(.Id) \(.Names[0] | ltrimstr("/"))"'
}

restart_count() {
    local f="$STATE_DIR/$1.count"
    [[ -f "$f" ]] && cat "$f" || echo 0
}

bump_count() {
    local f="$STATE_DIR/$1.count" n
    n=$(( $(restart_count "$1") + 1 ))
    echo "$n" > "$f"
}

main() {
    while getopts ":nt:" opt; do
        case "$opt" in
            n) DRY_RUN=1 ;;
            t) MAX_RESTARTS="$OPTARG" ;;
            *) echo "usage: $0 [-n] [-t max]" >&2; exit 2 ;;
        esac
    done
    [[ -S "$SOCK" ]] || { log "no engine socket at $SOCK"; exit 1; }
    mkdir -p "$STATE_DIR"

    local id name n restarted=0
    while read -r id name; do
        [[ -n "$id" ]] || continue
        n=$(restart_count "$name")
        if (( n >= MAX_RESTARTS )); then
            log "$name unhealthy but restarted $n times already; leaving it"
            continue
        fi
        log "restarting $name (${id:0:12})"
        if (( DRY_RUN == 0 )); then
            engine POST "/containers/$id/restart?t=15" >/dev/null
            bump_count "$name"
        fi
        restarted=$((restarted + 1))
    done < <(list_unhealthy)
    log "done, $restarted restart(s)"
}

main "$@"
