#!/usr/bin/env bash
# canbus_pitch_capture.sh - capture pitch-system CAN traffic from a hub test rig.
#
# Brings up the USB-CAN adapter connected to the pitch controller test rig,
# records traffic for the requested duration into the working directory and
# prints a per-ID frame count so we can compare against the OEM's reference.

set -euo pipefail

IFACE="${IFACE:-can0}"
BITRATE="${BITRATE:-500000}"
DURATION="${1:-60}"
OUT_DIR="${OUT_DIR:-./can_captures}"
LOG_FILE="$OUT_DIR/capture.log"

log() {
    printf '%s [can] %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG_FILE"
}

usage() {
    echo "usage: $0 [duration_seconds]" >&2
    echo "env: IFACE (default can0), BITRATE (default 500000), OUT_DIR" >&2
    exit 2
}

[[ "${1:-}" == "-h" ]] && usage
[[ "$DURATION" =~ ^[0-9]+$ ]] || usage
mkdir -p "$OUT_DIR"

require() {
    for tool in ip candump timeout; do
        command -v "$tool" >/dev/null 2>&1 || { log "missing tool: $tool (install can-utils)"; exit 1; }
    done
}

load_modules() {
    local mod
    for mod in can can_raw gs_usb; do
        if lsmod | awk '{print $1}' | grep -qx "$mod"; then
            log "module $mod already loaded"
        else
            sudo modprobe "$mod"
            log "loaded module $mod"
        fi
    done
}

bring_up_interface() {
    if ! ip link show "$IFACE" >/dev/null 2>&1; then
        log "interface $IFACE not present; is the adapter plugged in?"
        exit 1
    fi
    sudo ip link set "$IFACE" down || true
    sudo ip link set "$IFACE" type can bitrate "$BITRATE" restart-ms 100
    sudo ip link set "$IFACE" up
    log "$IFACE up at $BITRATE bit/s"
}

capture() {
    local file="$OUT_DIR/pitch_$(date +%Y%m%d_%H%M%S).log"
    log "capturing $DURATION s to $file"
    timeout "$DURATION" candump -L "$IFACE" > "$file" || true
    echo "$file"
}

summarise() {
    local file="$1"
    local frames
    frames=$(wc -l < "$file")
    log "captured $frames frames"
    awk '{ split($3, a, "#"); ids[a[1]]++ } END { for (i in ids) printf "%s\t%d\n", i, ids[i] }' \
        "$file" | sort > "${file%.log}.ids.tsv"
    log "per-ID counts written to ${file%.log}.ids.tsv"
}

cleanup() {
    sudo ip link set "$IFACE" down 2>/dev/null || true
    log "$IFACE brought down"
}

main() {
    require
    load_modules
    bring_up_interface
    trap cleanup EXIT
    local file
    file=$(capture)
    summarise "$file"
}

main
