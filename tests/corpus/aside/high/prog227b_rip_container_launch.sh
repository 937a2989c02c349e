#!/usr/bin/env bash
# rip_container_launch.sh - start (or restart) the containerised RIP engine
# for a press line. The RIP needs raw access to the USB dongle and the
# colour-measurement device, so the vendor's recipe runs it privileged.
# Container state is read straight from the Docker API socket.
set -euo pipefail

LINE="${1:-line1}"
IMAGE="${RIP_IMAGE:-prepress/rip-engine:4.2}"
DOCKER_SOCK="${DOCKER_SOCK:-/var/run/docker.sock}"
JOBS_DIR="${JOBS_DIR:-$PWD/jobs/$LINE}"
OUT_DIR="${OUT_DIR:-$PWD/ripped/$LINE}"
NAME="rip-$LINE"

log() { printf '%s [%s] %s\n' "$(date '+%T')" "$NAME" "$*" >&2; }

if [[ ! -S "$DOCKER_SOCK" ]]; then
    log "docker socket $DOCKER_SOCK not available"
    exit 1
fi

case "$LINE" in
    line[0-9]) ;;
    *) log "line must look like line1..line9"; exit 1 ;;
esac

mkdir -p "$JOBS_DIR" "$OUT_DIR"

# Ask the Docker API directly for the container state; Python parses the
# JSON handed over on stdin and prints "<state> <id>" or "absent".
state="$(curl -s --unix-socket "$DOCKER_SOCK" \
        "http://localhost/v1.43/containers/json?all=true" \
    | CNAME="/$NAME" python3 -c '
import json, os, sys
want = os.environ["CNAME"]
try:
    items = json.load(sys.stdin)
except ValueError:
    print("error"); sys.exit(0)
for c in items:
    if want in c.get("Names", []):
        print(c.get("State", "unknown"), c.get("Id", "")[:12]); break
else:
    print("absent")
')"

log "current state: $state"
case "$state" in
    running*)
        if [[ "${FORCE_RESTART:-0}" != "1" ]]; then
            log "already running; set FORCE_RESTART=1 to restart"
            exit 0
        fi
        docker rm -f "$NAME" >/dev/null
        ;;
    exited*|created*|dead*)
        docker rm -f "$NAME" >/dev/null
        ;;
    error)
        log "could not read container list from the API"
        exit 1
        ;;
esac

log "starting $IMAGE (privileged, host devices)"
cid="$(docker run -d --pull=never \
    --name "$NAME" \
    --privileged \
    -v /dev/bus/usb:/dev/bus/usb \
    -v "$JOBS_DIR:/rip/in:ro" \
    -v "$OUT_DIR:/rip/out" \
    -e RIP_LINE="$LINE" \
    "$IMAGE")"

sleep 3
health="$(docker inspect -f '{{.State.Status}}' "$cid" 2>/dev/null || echo unknown)"
if [[ "$health" != "running" ]]; then
    log "container did not stay up ($health); last log lines:"
    docker logs --tail 20 "$cid" >&2 || true
    exit 1
fi
log "running as ${cid:0:12}"
