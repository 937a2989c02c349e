#!/usr/bin/env bash
# winch_logger_container.sh - run the winch/wire-out logger in a container.
#
# The MacArtney/Rapp winch controllers put out tension, payout and speed on
# RS-422 (converted to USB) and on a CAN interface on the newer drums. The
# logger image ships with the decoders; this wrapper starts it with the
# serial and CAN devices visible and the log volume in ./winch_data.
#
#   winch_logger_container.sh start|stop|restart|logs|status [--image TAG]

set -euo pipefail

IMAGE="${WINCH_IMAGE:-registry.ship.lan/science/winch-logger:2.3}"
NAME="winch-logger"
DATA_DIR="${PWD}/winch_data"
ENV_FILE="${PWD}/winch_logger.env"
CMD="${1:-status}"
shift || true

while (( $# )); do
    case "$1" in
        --image) IMAGE="$2"; shift 2 ;;
        *) echo "unknown option $1" >&2; exit 64 ;;
    esac
done

DOCKER="docker"
if ! docker info >/dev/null 2>&1; then
    if sudo -n docker info >/dev/null 2>&1; then
        DOCKER="sudo docker"
    else
        echo "cannot talk to docker (not in docker group?)" >&2
        exit 1
    fi
fi

msg() { echo "[winch] $*"; }

write_default_env() {
    [[ -f "$ENV_FILE" ]] && return
    cat > "$ENV_FILE" <<'EOF'
WINCH_SERIAL=/dev/ttyUSB2
WINCH_BAUD=38400
WINCH_CAN_IF=can0
WINCH_CAN_BITRATE=250000
WINCH_IDS=hydro,trawl,ctd
LOG_ROTATE_HOURS=6
EOF
    msg "wrote default $ENV_FILE - check device names"
}

start() {
    write_default_env
    mkdir -p "$DATA_DIR"
    if $DOCKER ps -a --format '{{.Names}}' | grep -qx "$NAME"; then
        $DOCKER rm -f "$NAME" >/dev/null
    fi
    # The container brings up can0 itself with the bitrate from the env file
    # and needs to see USB-serial adapters that are plugged in after start.
    $DOCKER run -d \
        --name "$NAME" \
        --restart unless-stopped \
        --privileged \
        --network host \
        -v /dev:/dev \
        -v /run/udev:/run/udev:ro \
        -v "$DATA_DIR":/data \
        --env-file "$ENV_FILE" \
        -e TZ=UTC \
        "$IMAGE" >/dev/null
    msg "started $NAME from $IMAGE"
    sleep 3
    status
}

stop() {
    $DOCKER stop -t 20 "$NAME" >/dev/null 2>&1 && msg "stopped" || msg "not running"
}

status() {
    $DOCKER ps --filter "name=^${NAME}$" --format 'table {{.Names}}\t{{.Status}}\t{{.Image}}'
    local latest
    latest=$(ls -1t "$DATA_DIR"/*.csv 2>/dev/null | head -n1 || true)
    if [[ -n "$latest" ]]; then
        msg "latest file: $(basename "$latest") ($(wc -l < "$latest") lines)"
        tail -n 2 "$latest"
    fi
}

case "$CMD" in
    start)   start ;;
    stop)    stop ;;
    restart) stop; start ;;
    logs)    $DOCKER logs --tail 100 -f "$NAME" ;;
    status)  status ;;
    *) echo "usage: $0 start|stop|restart|logs|status [--image TAG]" >&2; exit 64 ;;
esac
