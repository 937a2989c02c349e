#!/usr/bin/env bash
# node_p2p_ports.sh - open the peer-to-peer and (optionally) RPC ports an
# execution + consensus client pair needs, rate-limit new peer connections,
# and persist the rules so they survive a reboot.
#
# usage: node_p2p_ports.sh [--rpc-from CIDR] [--dry-run] [--remove]
#
# Port numbers come from node-ports.conf next to this script if present.

set -Eeuo pipefail
trap 'echo "failed at line $LINENO" >&2' ERR

SCRIPT_DIR=$(dirname "$(readlink -f "$0")")
EL_P2P=30303
CL_P2P=9000
CL_QUIC=9001
RPC_PORT=8545
RPC_FROM=""
DRY=0
ACTION="-A"
CHAIN="NODE-P2P"

[[ -r "$SCRIPT_DIR/node-ports.conf" ]] && source "$SCRIPT_DIR/node-ports.conf"

while [[ $# -gt 0 ]]; do
    case "$1" in
        --rpc-from) RPC_FROM="$2"; shift 2 ;;
        --dry-run)  DRY=1; shift ;;
        --remove)   ACTION="-D"; shift ;;
        -h|--help)  sed -n '2,9p' "$0"; exit 0 ;;
        *) echo "unknown argument: $1" >&2; exit 2 ;;
    esac
done

if [[ $EUID -ne 0 ]]; then
    PRIV=(sudo -n)
    "${PRIV[@]}" true 2>/dev/null || PRIV=(sudo)
else
    PRIV=()
fi

ipt() {
    local tool=$1; shift
    if (( DRY )); then
        echo "+ $tool $*"
    else
        "${PRIV[@]}" "$tool" -w 5 "$@"
    fi
}

ensure_chain() {
    local tool=$1
    if ! "${PRIV[@]}" "$tool" -n -L "$CHAIN" >/dev/null 2>&1; then
        ipt "$tool" -N "$CHAIN"
        ipt "$tool" -I INPUT 1 -j "$CHAIN"
    fi
}

apply_rules() {
    local tool=$1
    ensure_chain "$tool"
    ipt "$tool" "$ACTION" "$CHAIN" -p tcp --dport "$EL_P2P" -m conntrack --ctstate NEW \
        -m hashlimit --hashlimit-name el_p2p --hashlimit-above 30/min --hashlimit-mode srcip -j DROP
    ipt "$tool" "$ACTION" "$CHAIN" -p tcp --dport "$EL_P2P" -j ACCEPT
    ipt "$tool" "$ACTION" "$CHAIN" -p udp --dport "$EL_P2P" -j ACCEPT
    ipt "$tool" "$ACTION" "$CHAIN" -p tcp --dport "$CL_P2P" -j ACCEPT
    ipt "$tool" "$ACTION" "$CHAIN" -p udp --dport "$CL_P2P" -j ACCEPT
    ipt "$tool" "$ACTION" "$CHAIN" -p udp --dport "$CL_QUIC" -j ACCEPT
    if [[ -n $RPC_FROM && $tool == iptables ]]; then
        ipt "$tool" "$ACTION" "$CHAIN" -p tcp -s "$RPC_FROM" --dport "$RPC_PORT" -j ACCEPT
    fi
}

persist() {
    (( DRY )) && { echo "+ persist rules"; return; }
    "${PRIV[@]}" mkdir -p /etc/iptables
    "${PRIV[@]}" iptables-save  | "${PRIV[@]}" tee /etc/iptables/rules.v4 >/dev/null
    "${PRIV[@]}" ip6tables-save | "${PRIV[@]}" tee /etc/iptables/rules.v6 >/dev/null
    echo "saved to /etc/iptables/rules.v4 and rules.v6"
}

echo "configuring $CHAIN: el=$EL_P2P cl=$CL_P2P/$CL_QUIC rpc=${RPC_FROM:-closed}"
apply_rules iptables
command -v ip6tables >/dev/null && apply_rules ip6tables
persist
echo "done"
(( DRY )) || "${PRIV[@]}" iptables -n -L "$CHAIN" --line-numbers
