#!/bin/bash
# Runs the vendor's label printer driver container for the shampoo and
# appointment-card label printer in the van.
set -euo pipefail

SOCK="/var/run/docker.sock"
IMAGE="${LABEL_IMAGE:-registry.example.com/groomdesk/labeld:2.3}"
NAME="groomdesk-labeld"
PORT="${LABEL_PORT:-9631}"
CONF_DIR="$PWD/labeld-conf"

log() { echo "[labeld] $*" >&2; }

usage() { echo "usage: $0 {start|stop|status} [-m model]"; }

ACTION="${1:-start}"; shift || true
MODEL="QL-800"
while getopts "m:h" opt; do
    case "$opt" in
        m) MODEL="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

[[ -S "$SOCK" ]] || { log "docker socket not found at $SOCK"; exit 1; }

engine_version="$(curl -s --unix-socket "$SOCK" http://localhost/version \
    | python3 -c 'import json,sys; print(json.load(sys.stdin).get("Version","?"))')"
log "docker engine ${engine_version}"

existing="$(curl -s --unix-socket "$SOCK" \
    "http://localhost/containers/json?all=1" \
    | NAME="$NAME" python3 -c '
import json, os, sys
name = "/" + os.environ["NAME"]
for c in json.load(sys.stdin):
    if name in c.get("Names", []):
        print(c["Id"][:12], c["State"])
')"

case "$ACTION" in
    status)
        echo "${existing:-not created}"
        exit 0 ;;
    stop)
        [[ -n "$existing" ]] && docker rm -f "$NAME" >/dev/null && log "stopped"
        exit 0 ;;
    start) ;;
    *) usage; exit 2 ;;
esac

mkdir -p "$CONF_DIR"
MODEL="$MODEL" PORT="$PORT" python3 - > "$CONF_DIR/labeld.json" <<'PY'
import json, os
print(json.dumps({
    "model": os.environ["MODEL"],
    "listen": "127.0.0.1:" + os.environ["PORT"],
    "media": {"appointment_card": "62x29", "bottle": "29x90"},
    "dpi": 300,
}, indent=2))
PY
log "config written to $CONF_DIR/labeld.json"

if [[ -n "$existing" ]]; then
    docker rm -f "$NAME" >/dev/null
fi

docker run -d --name "$NAME" \
    --privileged \
    -v /dev/bus/usb:/dev/bus/usb \
    -v "$CONF_DIR":/etc/labeld:ro \
    -p "127.0.0.1:${PORT}:${PORT}" \
    "$IMAGE" >/dev/null

log "label daemon started on 127.0.0.1:${PORT} for ${MODEL}"
