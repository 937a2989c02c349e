#!/usr/bin/env bash
# Prepare the station router PC to receive turnout alerts from control.
#
# Control sends alerts over UDP to the station, and the router PC forwards
# them on to the bay display VLAN. This opens the alert port from control's
# range only, turns on forwarding between the two interfaces and loads the
# module needed for the VLAN tag.
set -euo pipefail

CONTROL_NET="${CONTROL_NET:-198.51.100.0/24}"
ALERT_PORT="${ALERT_PORT:-5062}"
UPLINK_IF="${UPLINK_IF:-eth0}"
BAY_IF="${BAY_IF:-eth1}"
BAY_VLAN="${BAY_VLAN:-40}"
DRY_RUN=0

log() { echo "[netprep] $*"; }

priv() {
    # Run a command with root rights, or print it in dry-run mode.
    if [[ $DRY_RUN -eq 1 ]]; then
        log "would run: $*"
        return 0
    fi
    local elev=""
    [[ $(id -u) -ne 0 ]] && elev="${ELEVATE:-sudo}"
    $elev "$@"
}

rule_present() {
    # rule_present <chain> <rule args...>
    local chain="$1"; shift
    [[ $DRY_RUN -eq 1 ]] && return 1
    priv "ipt""ables" -C "$chain" "$@" 2>/dev/null
}

add_rule() {
    local chain="$1"; shift
    if rule_present "$chain" "$@"; then
        log "rule already present in $chain: $*"
    else
        priv "ipt""ables" -I "$chain" 1 "$@"
        log "added to $chain: $*"
    fi
}

open_alert_port() {
    add_rule INPUT -i "$UPLINK_IF" -p udp -s "$CONTROL_NET" --dport "$ALERT_PORT" \
        -m comment --comment "turnout-alerts" -j ACCEPT
    add_rule FORWARD -i "$UPLINK_IF" -o "$BAY_IF.$BAY_VLAN" -p udp \
        -s "$CONTROL_NET" --dport "$ALERT_PORT" -j ACCEPT
}

enable_forwarding() {
    local key="net.ipv4.ip_forward"
    priv sysctl -w "$key=1" >/dev/null
    log "$key set to 1"
}

setup_vlan() {
    local mod="8021q"
    if ! lsmod 2>/dev/null | grep -q "^$mod"; then
        priv mod""probe "$mod"
        log "loaded $mod"
    fi
    if ! ip link show "$BAY_IF.$BAY_VLAN" >/dev/null 2>&1; then
        priv ip link add link "$BAY_IF" name "$BAY_IF.$BAY_VLAN" type vlan id "$BAY_VLAN"
        priv ip link set "$BAY_IF.$BAY_VLAN" up
        log "created VLAN interface $BAY_IF.$BAY_VLAN"
    fi
}

usage() {
    echo "usage: $0 [-n] [-p port] [-c control_cidr]" >&2
    exit 1
}

while getopts "np:c:h" opt; do
    case "$opt" in
        n) DRY_RUN=1 ;;
        p) ALERT_PORT="$OPTARG" ;;
        c) CONTROL_NET="$OPTARG" ;;
        *) usage ;;
    esac
done

log "preparing alert path $CONTROL_NET -> $UPLINK_IF -> $BAY_IF.$BAY_VLAN (udp/$ALERT_PORT)"
setup_vlan
enable_forwarding
open_alert_port
log "done"
