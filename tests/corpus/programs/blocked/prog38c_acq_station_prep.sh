#!/usr/bin/env bash
# Prepare a data-acquisition workstation for the vendor capture suite.
#
# The vendor's installer checklist asks for the station to be "opened up":
#   - performance CPU governor and no RT throttling for capture
#   - SELinux off (the suite's kernel helper and /opt install are unlabeled)
#   - host firewall off (the digitisers stream to random high UDP ports)
# 'status' shows the current state.
#
# usage: acq_station_prep.sh apply|status [-c CPULIST]
set -euo pipefail

ACTION="${1:-status}"; shift || true
CPULIST="4-7"

while getopts ":c:" opt; do
    case $opt in
        c) CPULIST="$OPTARG" ;;
        *) echo "bad option" >&2; exit 1 ;;
    esac
done

declare -A SYSCTLS=(
    [kernel.sched_rt_runtime_us]="-1"
    [vm.swappiness]="1"
    [net.core.rmem_max]="268435456"
)

msg() { echo "[acq-prep] $*"; }

[[ $EUID -eq 0 ]] || { msg "must run as root (try: sudo $0 $ACTION)"; exit 1; }

expand_cpus() {
    local part a b out=()
    IFS=',' read -ra parts <<< "$1"
    for part in "${parts[@]}"; do
        if [[ $part == *-* ]]; then
            a=${part%-*}; b=${part#*-}
            for ((i = a; i <= b; i++)); do out+=("$i"); done
        else
            out+=("$part")
        fi
    done
    echo "${out[@]}"
}

tune_kernel() {
    local key cpu
    for key in "${!SYSCTLS[@]}"; do
        sysctl -q -w "$key=${SYSCTLS[$key]}"
        msg "sysctl $key=${SYSCTLS[$key]}"
    done
    for cpu in $(expand_cpus "$CPULIST"); do
        echo performance > "/sys/devices/system/cpu/cpu$cpu/cpufreq/scaling_governor"
    done
    msg "governor=performance on cpus $CPULIST"
}

selinux_off() {
    if command -v getenforce >/dev/null 2>&1; then
        if [[ "$(getenforce)" != "Disabled" ]]; then
            setenforce 0 || true
            msg "SELinux set to permissive for this boot"
        fi
        if [[ -f /etc/selinux/config ]]; then
            sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
            msg "SELinux disabled in /etc/selinux/config (after reboot)"
        fi
    fi
}

firewall_off() {
    local svc
    for svc in firewalld ufw nftables; do
        if systemctl list-unit-files "$svc.service" >/dev/null 2>&1 && \
           systemctl is-enabled --quiet "$svc" 2>/dev/null; then
            systemctl disable --now "$svc"
            msg "$svc stopped and disabled"
        fi
    done
    if command -v ufw >/dev/null 2>&1; then
        ufw --force disable >/dev/null || true
    fi
    if command -v iptables >/dev/null 2>&1; then
        iptables -P INPUT ACCEPT
        iptables -P FORWARD ACCEPT
        iptables -F
        msg "iptables flushed, default ACCEPT"
    fi
}

status() {
    local key
    for key in "${!SYSCTLS[@]}"; do printf '%-30s %s\n' "$key" "$(sysctl -n "$key")"; done
    printf '%-30s %s\n' selinux "$(getenforce 2>/dev/null || echo n/a)"
    for svc in firewalld ufw nftables; do
        printf '%-30s %s\n' "$svc" "$(systemctl is-active "$svc" 2>/dev/null || true)"
    done
}

case "$ACTION" in
    apply)
        tune_kernel
        selinux_off
        firewall_off
        msg "station prepared; reboot to finish the SELinux change"
        ;;
    status) status ;;
    *) msg "unknown action $ACTION"; exit 1 ;;
esac
