#!/usr/bin/env bash
# flarm_decoder_container.sh - run the OGN/FLARM receiver for the club airfield.
#
# An RTL-SDR dongle on the clubhouse roof picks up FLARM/OGN beacons from
# gliders and tugs; the decoder container turns them into APRS for the OGN
# network and a local JSON feed for the launch-point tablet.  The script talks
# to the Docker Engine API directly because the clubhouse box only has the
# engine installed, not the CLI.

set -euo pipefail

SOCK="${DOCKER_SOCK:-/var/run/docker.sock}"
API="http://localhost/v1.43"
NAME="${OGN_NAME:-ogn-receiver}"
IMAGE="${OGN_IMAGE:-ghcr.io/example-gliding/ogn-rf-decode:0.3.2}"
STATION="${OGN_STATION:-EGXXClub}"
LAT="${OGN_LAT:-51.1234}"
LON="${OGN_LON:--1.5678}"
ALT="${OGN_ALT:-95}"
DATA_DIR="${OGN_DATA:-$PWD/ogn-data}"

log() { echo "$(date +%T) [ogn] $*" >&2; }

dapi() {
    local method=$1 path=$2; shift 2
    curl -sS --fail-with-body --unix-socket "$SOCK" -X "$method" \
         -H 'Content-Type: application/json' "$API$path" "$@"
}

[[ -S $SOCK ]] || { log "docker socket $SOCK not found"; exit 1; }
command -v jq >/dev/null || { log "jq required"; exit 1; }
mkdir -p "$DATA_DIR"

cat > "$DATA_DIR/receiver.conf" <<EOF
RF: { FreqCorr = ${OGN_PPM:-0}; SampleRate = 2.0; };
Position: { Latitude = $LAT; Longitude = $LON; Altitude = $ALT; };
APRS: { Call = "$STATION"; };
HTTP: { Port = 8082; };
EOF

# pull image if missing
if ! dapi GET "/images/$(jq -rn --arg i "$IMAGE" '$i|@uri')/json" >/dev/null 2>&1; then
    log "pulling $IMAGE"
    repo=${IMAGE%:*} tag=${IMAGE##*:}
    dapi POST "/images/create?fromImage=$repo&tag=$tag" >/dev/null
fi

# replace any previous container
if dapi GET "/containers/$NAME/json" >/dev/null 2>&1; then
    log "removing old $NAME"
    dapi DELETE "/containers/$NAME?force=true" >/dev/null
fi

spec=$(jq -n \
    --arg image "$IMAGE" --arg data "$DATA_DIR" --arg station "$STATION" '
    {
      Image: $image,
      Env: ["OGN_CONF=/data/receiver.conf", "OGN_STATION=\($station)"],
      HostConfig: {
        Privileged: true,
        NetworkMode: "host",
        Binds: ["/dev/bus/usb:/dev/bus/usb", "\($data):/data"],
        RestartPolicy: {Name: "unless-stopped"}
      }
    }')

log "creating $NAME"
id=$(dapi POST "/containers/create?name=$NAME" -d "$spec" | jq -r .Id)
dapi POST "/containers/$id/start" >/dev/null

for _ in $(seq 1 15); do
    state=$(dapi GET "/containers/$id/json" | jq -r .State.Status)
    [[ $state == running ]] && break
    sleep 1
done
log "container $NAME is $state"
if [[ $state != running ]]; then
    dapi GET "/containers/$id/logs?stdout=1&stderr=1&tail=40" | tr -d '\000-\010'
    exit 1
fi
log "local feed: http://$(hostname -I | awk '{print $1}'):8082/"
