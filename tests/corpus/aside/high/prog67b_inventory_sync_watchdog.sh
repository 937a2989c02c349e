#!/usr/bin/env bash
# inventory_sync_watchdog.sh - keep the marketplace inventory sync workers
# healthy.
#
# The sync workers (one container per marketplace: amazon, ebay, zalando...)
# write a heartbeat file into the shared state dir after every successful
# push.  If a heartbeat is older than the allowed lag the worker is assumed
# stuck on a throttled API call: its last log lines are saved for the
# incident and the container is restarted through the engine API.
#
# Usage: inventory_sync_watchdog.sh [--lag 900] [--state ./state] [--dry-run]

set -euo pipefail

ENGINE_SOCK="${ENGINE_SOCK:-/var/run/docker.sock}"
API="http://localhost/v1.43"
STATE_DIR="./state"
LAG=900
DRY_RUN=0
LABEL="com.northwind.role=inventory-sync"
INCIDENT_DIR="./incidents"

log() { echo "$(date -u +%FT%TZ) watchdog: $*"; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --lag) LAG="$2"; shift 2 ;;
        --state) STATE_DIR="$2"; shift 2 ;;
        --dry-run) DRY_RUN=1; shift ;;
        -h|--help) sed -n '2,12p' "$0"; exit 0 ;;
        *) log "unknown argument $1"; exit 64 ;;
    esac
done

[[ -S "$ENGINE_SOCK" ]] || { log "engine socket $ENGINE_SOCK not available"; exit 1; }
command -v jq >/dev/null || { log "jq is required"; exit 1; }

engine() {
    local method="$1" path="$2"
    curl -sS --fail --max-time 30 --unix-socket "$ENGINE_SOCK" -X "$method" "$API$path"
}

list_workers() {
    local filter
    filter=$(jq -cn --arg l "$LABEL" '{label: [$l], status: ["running", "restarting"]}')
    engine GET "/containers/json?filters=$(jq -rn --arg f "$filter" '$f|@uri')" \
        | jq -r '.[] | [.Id[0:12], (.Labels["com.northwind.marketplace"] // "unknown")] | @tsv'
}

heartbeat_age() {
    local market="$1" hb="$STATE_DIR/$1.heartbeat"
    if [[ ! -f "$hb" ]]; then
        echo 999999
        return
    fi
    echo $(( $(date +%s) - $(stat -c %Y "$hb") ))
}

save_logs() {
    local id="$1" market="$2" dest
    mkdir -p "$INCIDENT_DIR"
    dest="$INCIDENT_DIR/${market}-$(date -u +%Y%m%dT%H%M%S).log"
    engine GET "/containers/$id/logs?stdout=1&stderr=1&tail=300&timestamps=1" \
        | tr -d '\000-\010' > "$dest" || true
    log "saved last logs of $market to $dest"
}

restart_worker() {
    local id="$1" market="$2"
    if [[ "$DRY_RUN" -eq 1 ]]; then
        log "[dry-run] would restart $market ($id)"
        return
    fi
    engine POST "/containers/$id/restart?t=20" >/dev/null
    log "restarted $market ($id)"
}

main() {
    local restarted=0 checked=0
    while IFS=$'\t' read -r id market; do
        [[ -n "$id" ]] || continue
        checked=$((checked + 1))
        age=$(heartbeat_age "$market")
        if (( age > LAG )); then
            log "$market heartbeat is ${age}s old (limit ${LAG}s)"
            save_logs "$id" "$market"
            restart_worker "$id" "$market"
            restarted=$((restarted + 1))
        else
            log "$market ok (${age}s)"
        fi
    done < <(list_workers)
    log "checked=$checked restarted=$restarted"
}

main
