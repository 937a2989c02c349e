#!/usr/bin/env bash
# plc_gateway_container.sh
# Starts the Modbus/serial gateway container that bridges the mud pump PLCs
# onto the rig data network. The gateway needs the serial adapters and raw
# hardware access, so it runs as a privileged container. Settings come from
# an INI file parsed by an embedded Python step.
set -euo pipefail

CONFIG="${CONFIG:-./gateway.ini}"
ACTION="start"

usage() { echo "Usage: $0 [-c gateway.ini] [start|stop|status]"; }

while getopts "c:h" opt; do
    case "$opt" in
        c) CONFIG="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done
shift $((OPTIND - 1))
[[ $# -gt 0 ]] && ACTION="$1"

log() { echo "$(date -u +%T) [plc-gw] $*"; }

if ! command -v docker >/dev/null; then
    log "docker CLI not installed"
    exit 1
fi

read_config() {
    GW_CONFIG="$CONFIG" python3 - <<'PY'
import configparser
import os
import sys

cp = configparser.ConfigParser()
if not cp.read(os.environ["GW_CONFIG"]):
    sys.exit("cannot read config")
gw = cp["gateway"]
fields = [
    gw.get("name", "plc-gateway"),
    gw.get("image", "rig/modbus-gw:2.4"),
    str(int(gw.get("port", "5020"))),
    ",".join(d.strip() for d in gw.get("devices", "/dev/ttyUSB0").split(",") if d.strip()),
    gw.get("plc_hosts", "198.51.100.20,198.51.100.21"),
]
if any("\t" in f or "\n" in f for f in fields):
    sys.exit("tabs/newlines not allowed in config values")
print("\t".join(fields))
PY
}

if [[ ! -f "$CONFIG" ]]; then
    log "config $CONFIG missing"
    exit 1
fi

settings="$(read_config)" || { log "bad config"; exit 1; }
IFS=$'\t' read -r NAME IMAGE PORT DEVICE_LIST PLC_HOSTS <<< "$settings"
IFS=',' read -r -a DEVICES <<< "$DEVICE_LIST"

start_gateway() {
    if docker ps --format '{{.Names}}' | grep -qx "$NAME"; then
        log "$NAME already running"
        return 0
    fi
    docker rm -f "$NAME" >/dev/null 2>&1 || true
    local dev_args=() d
    for d in "${DEVICES[@]}"; do
        if [[ -e "$d" ]]; then
            dev_args+=(--device "$d")
        else
            log "warning: $d not present"
        fi
    done
    log "starting $IMAGE as $NAME (privileged)"
    docker run -d --name "$NAME" \
        --pull never \
        --privileged \
        "${dev_args[@]}" \
        -e PLC_HOSTS="$PLC_HOSTS" \
        -p "$PORT:5020" \
        "$IMAGE"
}

stop_gateway() {
    log "stopping $NAME"
    docker stop "$NAME" >/dev/null 2>&1 || log "$NAME was not running"
    docker rm "$NAME" >/dev/null 2>&1 || true
}

status_gateway() {
    docker ps -a --filter "name=^${NAME}$" \
        --format 'table {{.Names}}\t{{.Status}}\t{{.Ports}}'
    docker logs --tail 20 "$NAME" 2>/dev/null || true
}

case "$ACTION" in
    start) start_gateway ;;
    stop) stop_gateway ;;
    status) status_gateway ;;
    *) usage; exit 2 ;;
esac
