#!/usr/bin/env bash
# scanner_bridge_container.sh - start the ticket-scanner bridge container at
# the front-of-house door. The handheld scanners hang off USB hubs whose
# device nodes change every time they are replugged, so the bridge container
# is run privileged to see all of /dev.
#
#   scanner_bridge_container.sh [-e doors.env] [-i image] [--stop]

set -euo pipefail

ENV_FILE="doors.env"
IMAGE="boxoffice/scanner-bridge:2.4"
NAME="scanner-bridge"
ACTION="start"
LOG="./scanner_bridge.log"

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG" >&2; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        -e) ENV_FILE="$2"; shift 2 ;;
        -i) IMAGE="$2"; shift 2 ;;
        --stop) ACTION="stop"; shift ;;
        -h|--help) sed -n '2,7p' "$0"; exit 0 ;;
        *) log "unknown option $1"; exit 2 ;;
    esac
done

command -v docker >/dev/null 2>&1 || { log "docker is not installed"; exit 1; }

if [[ "$ACTION" == "stop" ]]; then
    docker rm -f "$NAME" >/dev/null 2>&1 && log "stopped $NAME" || log "$NAME was not running"
    exit 0
fi

if ! docker image inspect "$IMAGE" >/dev/null 2>&1; then
    log "image $IMAGE is not loaded on this PC; load it from the USB stick first"
    exit 1
fi

# Validate the door settings and turn them into --env arguments via python.
if [[ ! -f "$ENV_FILE" ]]; then
    log "no $ENV_FILE; creating a template"
    cat >"$ENV_FILE" <<'EOF'
DOOR_NAME=main
SCAN_ENDPOINT=https://tickets.example.com/api/scan
SCAN_TIMEOUT=5
EOF
fi

mapfile -t ENV_ARGS < <(DOORS_ENV="$ENV_FILE" python3 - <<'PY'
import os, re, sys
allowed = re.compile(r"^[A-Z][A-Z0-9_]*$")
with open(os.environ["DOORS_ENV"]) as fh:
    for n, line in enumerate(fh, 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        key, _, value = line.partition("=")
        if not allowed.match(key):
            print(f"line {n}: bad key {key!r}", file=sys.stderr)
            continue
        print("--env")
        print(f"{key}={value}")
PY
)
log "passing $(( ${#ENV_ARGS[@]} / 2 )) setting(s) to the bridge"

docker rm -f "$NAME" >/dev/null 2>&1 || true

cid="$(docker run -d \
    --name "$NAME" \
    --privileged \
    -v /dev:/dev \
    -v "$PWD/scanner_data:/data" \
    "${ENV_ARGS[@]}" \
    "$IMAGE")"

log "started $NAME (${cid:0:12})"

# Wait for the bridge's health line in the container log.
for i in $(seq 1 15); do
    if docker logs "$NAME" 2>&1 | grep -q "scanners ready"; then
        log "bridge reports scanners ready"
        exit 0
    fi
    sleep 2
done
log "bridge did not report ready in 30s; check 'docker logs $NAME'"
exit 1
