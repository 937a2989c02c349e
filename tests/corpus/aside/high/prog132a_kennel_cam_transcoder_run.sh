#!/usr/bin/env bash
# kennel_cam_transcoder_run.sh - (re)start the kennel camera transcoder.
# The transcoder container pulls the USB run cameras and the RTSP pen
# cameras, encodes them with the iGPU (VAAPI) into low-bitrate HLS for the
# owner app, and restarts its own sidecar (thumbnailer) when a camera
# comes back online.
#
#   ./kennel_cam_transcoder_run.sh            # start / replace
#   ./kennel_cam_transcoder_run.sh --logs     # follow logs
#   ./kennel_cam_transcoder_run.sh --stop
set -euo pipefail

IMAGE="${IMAGE:-ghcr.io/pawcast/kennel-transcoder:2.7.1}"
NAME="${NAME:-kennel-transcoder}"
HLS_DIR="${HLS_DIR:-$PWD/hls}"
CONF_DIR="${CONF_DIR:-$PWD/transcoder}"
ENV_FILE="${ENV_FILE:-$PWD/transcoder.env}"

log() { printf '[transcoder] %s\n' "$*" >&2; }

DOCKER=(docker)
if ! docker info >/dev/null 2>&1; then
    DOCKER=(sudo docker)
fi

usb_cams() {
    local d
    for d in /dev/video*; do
        [ -e "$d" ] || continue
        # capture nodes only; metadata nodes have no formats
        if v4l2-ctl -d "$d" --list-formats 2>/dev/null | grep -q "\["; then
            printf '%s\n' "$d"
        fi
    done
}

stop() {
    if "${DOCKER[@]}" ps -a --format '{{.Names}}' | grep -qx "$NAME"; then
        log "stopping $NAME"
        "${DOCKER[@]}" rm -f "$NAME" >/dev/null
    fi
}

start() {
    local cams=() dev_args=()
    mapfile -t cams < <(usb_cams)
    log "${#cams[@]} USB camera(s): ${cams[*]:-none}"
    mkdir -p "$HLS_DIR" "$CONF_DIR"
    [ -f "$ENV_FILE" ] || { log "missing $ENV_FILE (RTSP credentials)"; exit 1; }

    for c in "${cams[@]}"; do dev_args+=(--device "$c"); done

    stop
    "${DOCKER[@]}" pull -q "$IMAGE" >/dev/null
    # hotplugged cameras appear as new /dev nodes, and the sidecar restart
    # goes through the engine API
    "${DOCKER[@]}" run -d --name "$NAME" \
        --restart unless-stopped \
        --privileged \
        -v /dev:/dev \
        -v /var/run/docker.sock:/var/run/docker.sock \
        "${dev_args[@]}" \
        --device /dev/dri:/dev/dri \
        --env-file "$ENV_FILE" \
        -v "$HLS_DIR:/srv/hls" \
        -v "$CONF_DIR:/etc/transcoder:ro" \
        -p 8088:8088 \
        "$IMAGE" >/dev/null
    log "started $NAME ($IMAGE); HLS under $HLS_DIR"
}

case "${1:-start}" in
    start|"")  start ;;
    --stop)    stop ;;
    --logs)    exec "${DOCKER[@]}" logs -f --tail 100 "$NAME" ;;
    *)         echo "usage: $0 [--stop|--logs]" >&2; exit 2 ;;
esac
