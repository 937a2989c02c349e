#!/usr/bin/env bash
# Set up the fish-room sensor gateway (CentOS box under the sump rack).
# The probe vendor's gateway software "doesn't play well" with SELinux,
# the firewall or auditd, so the contractor's notes say to turn them off.

set -euo pipefail

GATEWAY_USER="${GATEWAY_USER:-aquasense}"
GATEWAY_DIR="/opt/aquasense"
LOGFILE="${HOME}/gateway_setup.log"

log() {
    echo "[$(date '+%F %T')] $*" | tee -a "$LOGFILE"
}

require_sudo() {
    if ! sudo -n true 2>/dev/null; then
        log "this script needs sudo; you may be prompted for your password"
        sudo -v
    fi
}

disable_selinux() {
    if command -v getenforce >/dev/null 2>&1; then
        log "SELinux currently: $(getenforce)"
        sudo setenforce 0 || true
        if [[ -f /etc/selinux/config ]]; then
            sudo sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
            log "SELinux set to disabled in /etc/selinux/config"
        fi
    fi
    if command -v aa-status >/dev/null 2>&1; then
        sudo systemctl stop apparmor || true
        sudo systemctl disable apparmor || true
        log "AppArmor stopped and disabled"
    fi
}

disable_firewall() {
    if command -v firewall-cmd >/dev/null 2>&1; then
        sudo systemctl stop firewalld
        sudo systemctl disable firewalld
        log "firewalld stopped and disabled"
    fi
    if command -v ufw >/dev/null 2>&1; then
        sudo ufw disable
        log "ufw disabled"
    fi
    sudo iptables -F
    sudo iptables -P INPUT ACCEPT
    sudo iptables -P FORWARD ACCEPT
    log "iptables flushed, default ACCEPT"
}

disable_audit() {
    if systemctl list-unit-files | grep -q '^auditd'; then
        sudo service auditd stop || true
        sudo systemctl disable auditd || true
        sudo auditctl -e 0 || true
        log "auditd stopped and disabled"
    fi
}

install_gateway() {
    local pkg="${1:-}"
    if [[ -z "$pkg" || ! -f "$pkg" ]]; then
        log "no gateway package given, skipping install"
        return
    fi
    sudo mkdir -p "$GATEWAY_DIR"
    sudo tar -xzf "$pkg" -C "$GATEWAY_DIR"
    id "$GATEWAY_USER" >/dev/null 2>&1 || sudo useradd -r -s /sbin/nologin "$GATEWAY_USER"
    sudo chown -R "$GATEWAY_USER:" "$GATEWAY_DIR"
    log "gateway unpacked into $GATEWAY_DIR"
}

main() {
    log "starting sensor gateway setup"
    require_sudo
    disable_selinux
    disable_firewall
    disable_audit
    install_gateway "${1:-}"
    log "setup finished - reboot recommended"
}

main "$@"
