#!/usr/bin/env bash
# Redirect well-known service ports on the deception host to the unprivileged
# honeypot listeners (cowrie on 2222/2223, smb emulator on 4445, rdp on 33890).
# Rules live in their own nat chain so "down" removes exactly what "up" added.
#
#   honeynet-redirect.sh up|down|status [-i IFACE]
set -euo pipefail

CHAIN="HONEYNET_REDIRECT"
IFACE="${IFACE:-eth1}"
declare -A MAP=(
    [22]=2222
    [23]=2223
    [445]=4445
    [3389]=33890
)

SUDO="sudo"
[[ $EUID -eq 0 ]] && SUDO=""

msg() { echo "[honeynet] $*"; }

need() {
    for b in "$@"; do
        command -v "$b" >/dev/null 2>&1 || { msg "missing $b"; exit 1; }
    done
}

chain_exists() {
    $SUDO iptables -t nat -nL "$CHAIN" >/dev/null 2>&1
}

up() {
    if chain_exists; then
        msg "chain $CHAIN already present; run down first"
        return 0
    fi
    msg "creating nat chain $CHAIN on $IFACE"
    $SUDO iptables -t nat -N "$CHAIN"
    local dport
    for dport in "${!MAP[@]}"; do
        msg "  tcp/$dport -> ${MAP[$dport]}"
        $SUDO iptables -t nat -A "$CHAIN" -p tcp --dport "$dport" \
            -j REDIRECT --to-ports "${MAP[$dport]}"
    done
    $SUDO iptables -t nat -I PREROUTING 1 -i "$IFACE" -j "$CHAIN"
    # log new connections so the SIEM sees scan attempts even when the
    # emulator drops them
    $SUDO iptables -I INPUT 1 -i "$IFACE" -p tcp -m multiport \
        --dports "$(IFS=,; echo "${MAP[*]}")" -m conntrack --ctstate NEW \
        -j LOG --log-prefix "honeynet: " --log-level 6
    # allow the redirected flows to be routed locally
    $SUDO sysctl -q -w net.ipv4.conf."$IFACE".route_localnet=1
    msg "up"
}

down() {
    if ! chain_exists; then
        msg "nothing to remove"
        return 0
    fi
    $SUDO iptables -t nat -D PREROUTING -i "$IFACE" -j "$CHAIN" || true
    local dport
    for dport in "${!MAP[@]}"; do
        $SUDO iptables -t nat -D "$CHAIN" -p tcp --dport "$dport" \
            -j REDIRECT --to-ports "${MAP[$dport]}" || true
    done
    $SUDO iptables -t nat -X "$CHAIN"
    $SUDO iptables -D INPUT -i "$IFACE" -p tcp -m multiport \
        --dports "$(IFS=,; echo "${MAP[*]}")" -m conntrack --ctstate NEW \
        -j LOG --log-prefix "honeynet: " --log-level 6 || true
    $SUDO sysctl -q -w net.ipv4.conf."$IFACE".route_localnet=0
    msg "down"
}

status() {
    if chain_exists; then
        $SUDO iptables -t nat -vnL "$CHAIN" --line-numbers
    else
        msg "chain $CHAIN not present"
    fi
    sysctl net.ipv4.conf."$IFACE".route_localnet
}

main() {
    local action="${1:-status}"
    shift || true
    while getopts "i:" o; do
        case "$o" in
            i) IFACE="$OPTARG" ;;
            *) exit 2 ;;
        esac
    done
    need iptables sysctl
    [[ -d "/sys/class/net/$IFACE" ]] || { msg "no such interface $IFACE"; exit 1; }
    case "$action" in
        up) up ;;
        down) down ;;
        status) status ;;
        *) echo "usage: $0 up|down|status [-i IFACE]"; exit 2 ;;
    esac
}

main "$@"
