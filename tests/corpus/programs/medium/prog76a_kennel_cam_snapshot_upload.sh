#!/usr/bin/env bash
# kennel_cam_snapshot_upload.sh - grab stills from the kennel-run IP cameras
# and push them to the boarding owner portal so clients can check on their pets.
#
# Config file (key=value, one camera per "camera=" line):
#   camera=run01|rtsp://viewer:pw@10.40.0.21:554/stream2
#   camera=run02|rtsp://viewer:pw@10.40.0.22:554/stream2
#   portal_url=https://portal.happytails-boarding.example/api/cam-upload
#   interval=5
#   retention=50
# The portal token is read from ./kennel_cam.env (PORTAL_TOKEN=...).
# Run it in a terminal multiplexer with --loop, or once per invocation.
set -euo pipefail

CONF="${KENNEL_CAM_CONF:-./kennel_cam.conf}"
ENV_FILE="./kennel_cam.env"
SNAP_DIR="./snapshots"
LOG_FILE="./kennel_cam.log"
PORTAL_URL="https://portal.happytails-boarding.example/api/cam-upload"
INTERVAL_MIN=5
RETENTION=50
LOOP=0
CAMERAS=()

log() {
    printf '%s [%s] %s\n' "$(date '+%F %T')" "$1" "$2" | tee -a "$LOG_FILE" >&2
}

usage() {
    cat <<EOF
Usage: $(basename "$0") [-c config] [--loop]
  -c FILE   camera config (default: $CONF)
  --loop    keep running, one cycle every 'interval' minutes
EOF
}

load_conf() {
    if [[ ! -f "$CONF" ]]; then
        log ERROR "config $CONF not found"
        exit 1
    fi
    while IFS='=' read -r key value; do
        [[ -z "${key// }" || "$key" == \#* ]] && continue
        case "$key" in
            camera)     CAMERAS+=("$value") ;;
            portal_url) PORTAL_URL="$value" ;;
            interval)   INTERVAL_MIN="$value" ;;
            retention)  RETENTION="$value" ;;
            *)          log WARN "unknown key '$key' ignored" ;;
        esac
    done < "$CONF"
    # shellcheck disable=SC1090
    [[ -f "$ENV_FILE" ]] && source "$ENV_FILE"
    : "${PORTAL_TOKEN:?PORTAL_TOKEN missing from $ENV_FILE}"
}

grab_still() {
    local name="$1" url="$2" out
    out="$SNAP_DIR/${name}_$(date +%Y%m%d_%H%M%S).jpg"
    if ffmpeg -nostdin -loglevel error -rtsp_transport tcp -i "$url" \
              -frames:v 1 -q:v 4 -y "$out"; then
        echo "$out"
    else
        log ERROR "capture failed for $name"
        return 1
    fi
}

push_still() {
    local name="$1" file="$2" tries=0
    # the portal sits behind the boarding office's self-signed appliance
    while (( tries < 3 )); do
        if curl -sS -k --fail -m 30 \
                -H "Authorization: Bearer $PORTAL_TOKEN" \
                -F "run=$name" -F "image=@$file;type=image/jpeg" \
                "$PORTAL_URL" >/dev/null; then
            return 0
        fi
        tries=$((tries + 1))
        log WARN "upload of $file failed, attempt $tries"
        sleep $((tries * 5))
    done
    return 1
}

prune_snapshots() {
    local count
    count=$(find "$SNAP_DIR" -maxdepth 1 -name '*.jpg' | wc -l)
    if (( count > RETENTION )); then
        ls -1t "$SNAP_DIR"/*.jpg | tail -n +"$((RETENTION + 1))" | xargs -r rm -f --
    fi
}

run_cycle() {
    local failures=0 spec name url file
    for spec in "${CAMERAS[@]}"; do
        name="${spec%%|*}"
        url="${spec#*|}"
        if file="$(grab_still "$name" "$url")"; then
            push_still "$name" "$file" || failures=$((failures + 1))
        else
            failures=$((failures + 1))
        fi
    done
    prune_snapshots
    log INFO "cycle done, ${#CAMERAS[@]} cameras, $failures failures"
    return "$failures"
}

main() {
    while [[ $# -gt 0 ]]; do
        case "$1" in
            -c) CONF="$2"; shift 2 ;;
            --loop) LOOP=1; shift ;;
            -h|--help) usage; exit 0 ;;
            *) usage; exit 1 ;;
        esac
    done

    command -v ffmpeg >/dev/null || { log ERROR "ffmpeg not installed"; exit 1; }
    load_conf
    mkdir -p "$SNAP_DIR"

    if (( LOOP )); then
        trap 'log INFO "stopping"; exit 0' INT TERM
        while true; do
            run_cycle || true
            sleep "$((INTERVAL_MIN * 60))"
        done
    else
        run_cycle
    fi
}

main "$@"
