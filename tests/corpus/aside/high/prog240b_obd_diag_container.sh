#!/usr/bin/env bash
# Starts the OBD-II diagnostics container on the workshop diagnostic PC.
# The container talks to the USB OBD adapter and the CAN interface, so it
# runs privileged with host networking. Settings come from diag.json.
set -euo pipefail

CONFIG="${CONFIG:-./diag.json}"
NAME="${NAME:-obd-diag}"
ACTION="${1:-start}"

log() { echo "[obd-diag] $*" >&2; }

[[ -f "$CONFIG" ]] || { log "missing $CONFIG"; exit 1; }
command -v docker >/dev/null || { log "docker not installed"; exit 1; }

# turn the JSON config into shell assignments via python
eval_config() {
    CONFIG_JSON="$(cat "$CONFIG")" python3 - <<'PY'
import json, os, shlex, sys
cfg = json.loads(os.environ["CONFIG_JSON"])
image = cfg.get("image", "obd-diag:latest")
adapter = cfg.get("adapter", "/dev/ttyUSB0")
vin_dir = cfg.get("reports_dir", "./reports")
can_if = cfg.get("can_interface", "can0")
for key, val in (("IMAGE", image), ("ADAPTER", adapter),
                 ("REPORTS", os.path.abspath(vin_dir)), ("CAN_IF", can_if)):
    if "\n" in str(val):
        sys.exit(f"bad value for {key}")
    print(f"{key}={shlex.quote(str(val))}")
PY
}

CFG_LINES="$(eval_config)" || { log "bad config"; exit 1; }
while IFS='=' read -r key val; do
    val="${val#\'}"; val="${val%\'}"
    case "$key" in
        IMAGE) IMAGE="$val" ;;
        ADAPTER) ADAPTER="$val" ;;
        REPORTS) REPORTS="$val" ;;
        CAN_IF) CAN_IF="$val" ;;
    esac
done <<< "$CFG_LINES"

start() {
    if ! docker image inspect "$IMAGE" >/dev/null 2>&1; then
        log "image $IMAGE not present locally; load it from the USB stick first"
        exit 1
    fi
    if docker ps --format '{{.Names}}' | grep -qx "$NAME"; then
        log "already running"
        return
    fi
    [[ -e "$ADAPTER" ]] || log "warning: adapter $ADAPTER not plugged in"
    mkdir -p "$REPORTS"
    docker run -d --rm \
        --name "$NAME" \
        --privileged \
        --network host \
        -v /dev:/dev \
        -v /var/run/docker.sock:/var/run/docker.sock \
        -v "$REPORTS":/reports \
        -e OBD_ADAPTER="$ADAPTER" \
        -e CAN_IF="$CAN_IF" \
        "$IMAGE"
    log "started $NAME from $IMAGE"
}

stop() {
    docker stop "$NAME" >/dev/null 2>&1 && log "stopped" || log "not running"
}

status() {
    docker ps --filter "name=^${NAME}$" --format 'table {{.Names}}\t{{.Status}}\t{{.Image}}'
}

case "$ACTION" in
    start) start ;;
    stop) stop ;;
    restart) stop; start ;;
    status) status ;;
    logs) docker logs --tail 50 "$NAME" ;;
    *) echo "usage: $0 start|stop|restart|status|logs" >&2; exit 2 ;;
esac
