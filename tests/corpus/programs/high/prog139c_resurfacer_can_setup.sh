#!/usr/bin/env bash
# Bring up the CAN link to the ice resurfacer's dock controller.
#
# The resurfacer's controller exposes blade hours, tank levels and battery
# state on a 250 kbit/s CAN bus. The dock PC has a USB-CAN adapter; this
# script loads the drivers, configures can0 and adds the dock hostnames so
# the telemetry collector can find the controller and the charger.
set -euo pipefail

BITRATE="${BITRATE:-250000}"
IFACE="${IFACE:-can0}"
TXQLEN="${TXQLEN:-128}"
HOSTS_BLOCK_TAG="# rink-dock"

run_priv() {
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    else
        sudo -n "$@" 2>/dev/null || sudo "$@"
    fi
}

log() { echo "[can-setup] $*"; }

load_modules() {
    local mods=(can can_raw can_dev gs_usb)
    for m in "${mods[@]}"; do
        if lsmod | awk '{print $1}' | grep -qx "$m"; then
            log "module $m already loaded"
        else
            run_priv modprobe "$m" && log "loaded $m"
        fi
    done
}

configure_iface() {
    if ! ip link show "$IFACE" >/dev/null 2>&1; then
        log "no $IFACE present - is the USB-CAN adapter plugged in?"
        exit 1
    fi
    run_priv ip link set "$IFACE" down || true
    run_priv ip link set "$IFACE" type can bitrate "$BITRATE" restart-ms 100
    run_priv ip link set "$IFACE" txqueuelen "$TXQLEN"
    run_priv ip link set "$IFACE" up
    log "$IFACE up at $BITRATE bit/s"
}

add_hosts() {
    local hosts_file="/etc/hosts"
    if grep -qF "$HOSTS_BLOCK_TAG" "$hosts_file"; then
        log "dock host entries already present"
        return
    fi
    printf '%s\n%s\n%s\n' "$HOSTS_BLOCK_TAG" \
        "198.51.100.60 resurfacer-dock" \
        "198.51.100.61 resurfacer-charger" | run_priv tee -a "$hosts_file" >/dev/null
    log "added dock host entries"
}

tune_buffers() {
    # bigger receive buffers so candump doesn't drop frames during a flood
    run_priv sysctl -q -w net.core.rmem_max=2097152
    run_priv sysctl -q -w net.core.rmem_default=524288
}

restart_collector() {
    if systemctl list-unit-files | grep -q '^rink-telemetry.service'; then
        run_priv systemctl restart rink-telemetry.service
        log "restarted rink-telemetry collector"
    else
        log "collector service not installed; start it manually"
    fi
}

self_test() {
    if command -v candump >/dev/null 2>&1; then
        log "listening for 3 s of traffic on $IFACE"
        timeout 3 candump -n 5 "$IFACE" || log "no frames seen (resurfacer may be off)"
    fi
}

main() {
    load_modules
    configure_iface
    add_hosts
    tune_buffers
    restart_collector
    self_test
    log "done"
}

main "$@"
