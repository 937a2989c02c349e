#!/usr/bin/env bash
# Run the serial sensor reader as a container on the rack controller.
#
# The reader needs direct access to the USB serial adapters, so it is run
# privileged with /dev bind-mounted.  The image is built locally.  Existing reader containers are found
# through the Docker API socket and replaced.
set -euo pipefail

IMAGE="${IMAGE:-hydro/sensor-reader:1.4.2}"
NAME="${NAME:-hydro-reader}"
DOCKER_SOCK="/var/run/docker.sock"
CONF_DIR="${CONF_DIR:-$PWD/reader-conf}"
BROKER="${BROKER:-mqtt.example.com}"
RACK_ID="${RACK_ID:-$(hostname -s)}"

log() { echo "[reader] $(date +%T) $*"; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --image) IMAGE="$2"; shift 2 ;;
        --broker) BROKER="$2"; shift 2 ;;
        -h|--help) echo "usage: $0 [--image IMG] [--broker HOST]"; exit 0 ;;
        *) echo "unknown arg $1" >&2; exit 2 ;;
    esac
done

if [[ ! -S "$DOCKER_SOCK" ]]; then
    log "docker socket $DOCKER_SOCK not found"
    exit 1
fi

mkdir -p "$CONF_DIR"

# reader config generated from environment
export BROKER RACK_ID CONF_DIR
python3 -c '
import json, os, glob
ports = sorted(glob.glob("/dev/ttyUSB*") + glob.glob("/dev/ttyACM*"))
conf = {
    "rack": os.environ["RACK_ID"],
    "broker": {"host": os.environ["BROKER"], "port": 8883, "tls": True},
    "ports": [{"device": p, "baud": 9600} for p in ports],
    "poll_seconds": 15,
}
with open(os.path.join(os.environ["CONF_DIR"], "reader.json"), "w") as fh:
    json.dump(conf, fh, indent=2)
print(len(ports))
' > "$CONF_DIR/.port_count"
log "found $(cat "$CONF_DIR/.port_count") serial ports"

# list existing reader containers straight from the API
EXISTING="$(curl -s --unix-socket "$DOCKER_SOCK" \
    "http://localhost/containers/json?all=1&filters=%7B%22name%22%3A%5B%22${NAME}%22%5D%7D" \
    | python3 -c 'import json,sys; print(" ".join(c["Id"][:12] for c in json.load(sys.stdin)))')"

for cid in $EXISTING; do
    log "removing old container $cid"
    curl -s --unix-socket "$DOCKER_SOCK" -X DELETE "http://localhost/containers/${cid}?force=1" >/dev/null
done

# the image is built locally from ./reader (make image); never pulled here
if ! curl -sf --unix-socket "$DOCKER_SOCK" "http://localhost/images/${IMAGE}/json" >/dev/null; then
    log "image $IMAGE not present locally; build it with 'make -C reader image'"
    exit 1
fi

log "starting $NAME"
docker run -d \
    --name "$NAME" \
    --privileged \
    -v /dev:/dev \
    -v "$CONF_DIR":/etc/reader:ro \
    -e RACK_ID="$RACK_ID" \
    "$IMAGE" >/dev/null

sleep 3
STATE="$(curl -s --unix-socket "$DOCKER_SOCK" "http://localhost/containers/${NAME}/json" \
    | python3 -c 'import json,sys; d=json.load(sys.stdin); print(d["State"]["Status"])')"
log "container state: $STATE"
[[ "$STATE" == "running" ]]
