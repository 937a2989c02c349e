#!/usr/bin/env bash
# Prepare a back-office PC for the handheld inventory scanners (stock-take days).
# The cradles enumerate as USB CDC-ACM serial devices and stream counts over a
# UDP multicast feed, so the ACM driver must be loaded and the socket receive
# buffers raised before the stock-take client starts.
set -euo pipefail

LOG_TAG="stocktake-prep"
RMEM_BYTES="${RMEM_BYTES:-8388608}"
MODULES=(cdc_acm usbserial)
CLIENT_DIR="${CLIENT_DIR:-$HOME/stocktake}"
CHECK_ONLY=0

log() { logger -t "$LOG_TAG" -- "$*" 2>/dev/null || true; echo "[$LOG_TAG] $*"; }

usage() {
    echo "usage: $0 [--check] [--rmem BYTES]"
}

while [ $# -gt 0 ]; do
    case "$1" in
        --check) CHECK_ONLY=1 ;;
        --rmem) RMEM_BYTES="$2"; shift ;;
        -h|--help) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
    shift
done

need_root_cmd() {
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    else
        sudo -n "$@"
    fi
}

load_modules() {
    local m
    for m in "${MODULES[@]}"; do
        if lsmod | awk '{print $1}' | grep -qx "$m"; then
            log "module $m already loaded"
            continue
        fi
        log "loading module $m"
        [ "$CHECK_ONLY" -eq 1 ] && continue
        need_root_cmd modprobe "$m"
    done
}

tune_buffers() {
    local key current
    for key in net.core.rmem_max net.core.rmem_default; do
        current=$(sysctl -n "$key")
        if [ "$current" -ge "$RMEM_BYTES" ]; then
            log "$key=$current (ok)"
            continue
        fi
        log "$key $current -> $RMEM_BYTES"
        [ "$CHECK_ONLY" -eq 1 ] && continue
        need_root_cmd sysctl -w "$key=$RMEM_BYTES"
    done
}

list_cradles() {
    local dev found=0
    for dev in /dev/ttyACM*; do
        [ -e "$dev" ] || continue
        found=$((found + 1))
        log "cradle at $dev ($(udevadm info -q property -n "$dev" | grep -m1 '^ID_MODEL=' | cut -d= -f2))"
    done
    [ "$found" -gt 0 ] || log "no cradles detected yet - plug them in and re-run --check"
}

load_modules
tune_buffers
list_cradles

if [ -x "$CLIENT_DIR/stocktake-client" ] && [ "$CHECK_ONLY" -eq 0 ]; then
    log "starting stock-take client"
    exec "$CLIENT_DIR/stocktake-client" --feed 239.10.0.5:5500
fi
