#!/usr/bin/env bash
# Tune a data-acquisition workstation for low-latency capture.
#
# Applies, for the duration of a measurement campaign:
#   - performance CPU governor on the isolated capture cores
#   - no RT throttling, lower swappiness, larger socket buffers
#   - IRQ affinity of the capture NIC moved to the isolated cores
#   - irqbalance stopped so it does not undo the affinity
# 'restore' puts the saved values back.
#
# usage: acq_station_rt_tune.sh apply|restore|status [-i IFACE] [-c CPULIST]
set -euo pipefail

ACTION="${1:-status}"; shift || true
IFACE="enp65s0f0"
CPULIST="4-7"
STATE_FILE="./.rt_tune_saved"

while getopts ":i:c:" opt; do
    case $opt in
        i) IFACE="$OPTARG" ;;
        c) CPULIST="$OPTARG" ;;
        *) echo "bad option" >&2; exit 1 ;;
    esac
done

declare -A SYSCTLS=(
    [kernel.sched_rt_runtime_us]="-1"
    [vm.swappiness]="1"
    [net.core.rmem_max]="268435456"
    [net.core.netdev_max_backlog]="250000"
)

msg() { echo "[rt-tune] $*"; }

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

save_state() {
    : > "$STATE_FILE"
    local key cpu
    for key in "${!SYSCTLS[@]}"; do
        echo "sysctl $key $(sysctl -n "$key")" >> "$STATE_FILE"
    done
    for cpu in $(expand_cpus "$CPULIST"); do
        echo "gov $cpu $(cat /sys/devices/system/cpu/cpu$cpu/cpufreq/scaling_governor)" >> "$STATE_FILE"
    done
    echo "irqbalance $(systemctl is-active irqbalance || true)" >> "$STATE_FILE"
    chmod 0600 "$STATE_FILE"
}

nic_irqs() {
    grep -E "${IFACE}(-|$)" /proc/interrupts | awk -F: '{gsub(/ /, "", $1); print $1}'
}

apply() {
    [[ -f "$STATE_FILE" ]] && { msg "already applied (found $STATE_FILE)"; return; }
    save_state
    local key cpu irq
    for key in "${!SYSCTLS[@]}"; do
        sysctl -q -w "$key=${SYSCTLS[$key]}"
        msg "sysctl $key=${SYSCTLS[$key]}"
    done
    for cpu in $(expand_cpus "$CPULIST"); do
        echo performance > "/sys/devices/system/cpu/cpu$cpu/cpufreq/scaling_governor"
    done
    msg "governor=performance on cpus $CPULIST"
    if systemctl is-active --quiet irqbalance; then
        systemctl stop irqbalance
        msg "irqbalance stopped"
    fi
    for irq in $(nic_irqs); do
        echo "$CPULIST" > "/proc/irq/$irq/smp_affinity_list"
    done
    msg "IRQs of $IFACE pinned to $CPULIST"
}

restore() {
    [[ -f "$STATE_FILE" ]] || { msg "nothing saved"; return; }
    local kind a b
    while read -r kind a b; do
        case $kind in
            sysctl) sysctl -q -w "$a=$b" ;;
            gov) echo "$b" > "/sys/devices/system/cpu/cpu$a/cpufreq/scaling_governor" ;;
            irqbalance) [[ $a == active ]] && systemctl start irqbalance ;;
        esac
    done < "$STATE_FILE"
    rm -f "$STATE_FILE"
    msg "restored saved settings"
}

status() {
    local key
    for key in "${!SYSCTLS[@]}"; do printf '%-32s %s\n' "$key" "$(sysctl -n "$key")"; done
    printf '%-32s %s\n' irqbalance "$(systemctl is-active irqbalance || true)"
    grep -H . /sys/devices/system/cpu/cpu*/cpufreq/scaling_governor | sed 's|/sys/devices/system/cpu/||'
}

case "$ACTION" in
    apply) apply ;;
    restore) restore ;;
    status) status ;;
    *) msg "unknown action $ACTION"; exit 1 ;;
esac
