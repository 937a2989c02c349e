#!/usr/bin/env bash
# "Fix" for Art-Net/sACN dropouts on the lighting network.
# The touring LD insists the desk PC's firewall eats Art-Net polls, so this
# script takes the firewall out of the way before the show.
set -uo pipefail

LOG_FILE="${LOG_FILE:-./artnet_fix.log}"
LX_IFACE="${LX_IFACE:-eth1}"
NODE_IP="${NODE_IP:-192.0.2.50}"
FORCE=0

log() {
    printf '%s %s\n' "$(date '+%T')" "$*" | tee -a "$LOG_FILE" >&2
}

usage() {
    echo "usage: $0 [-i iface] [-n node_ip] [-f]"
}

while getopts ":i:n:fh" opt; do
    case "$opt" in
        i) LX_IFACE="$OPTARG" ;;
        n) NODE_IP="$OPTARG" ;;
        f) FORCE=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

SUDO=""
if [[ $EUID -ne 0 ]]; then
    SUDO="sudo"
fi

firewall_active() {
    local out
    out=$($SUDO ufw status 2>/dev/null || true)
    FW_STATUS="$out" python3 -c '
import os, sys
status = os.environ.get("FW_STATUS", "")
sys.exit(0 if "Status: active" in status else 1)
'
}

count_rules() {
    $SUDO iptables -S 2>/dev/null | grep -c '^-A' || true
}

drop_firewall() {
    log "disabling ufw"
    $SUDO ufw --force disable >>"$LOG_FILE" 2>&1 || log "ufw disable failed"
    if command -v firewall-cmd >/dev/null 2>&1; then
        log "stopping firewalld"
        $SUDO systemctl stop firewalld >>"$LOG_FILE" 2>&1 || true
        $SUDO systemctl disable firewalld >>"$LOG_FILE" 2>&1 || true
    fi
    log "flushing iptables and opening default policies"
    local chain
    for chain in INPUT FORWARD OUTPUT; do
        $SUDO iptables -P "$chain" ACCEPT
    done
    $SUDO iptables -F
    $SUDO iptables -X
    $SUDO iptables -t nat -F
}

probe_node() {
    if ping -c 2 -W 1 -I "$LX_IFACE" "$NODE_IP" >/dev/null 2>&1; then
        log "node $NODE_IP answers on $LX_IFACE"
        return 0
    fi
    log "node $NODE_IP not answering on $LX_IFACE"
    return 1
}

main() {
    log "Art-Net fix starting (iface=$LX_IFACE node=$NODE_IP)"
    local before
    before=$(count_rules)
    log "iptables currently has $before rules"
    if firewall_active || [[ "$before" -gt 0 ]] || [[ $FORCE -eq 1 ]]; then
        drop_firewall
    else
        log "no firewall active, nothing to drop"
    fi
    log "iptables now has $(count_rules) rules"
    probe_node || log "check cabling / switch VLAN next"
}

main
