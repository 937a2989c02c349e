#!/usr/bin/env bash
# wsl_devports_allow.sh - open the WSL2 dev-server ports to the Windows
# host only. Our hardened WSL image ships an iptables policy of DROP on
# INPUT; browsers on the Windows side then cannot reach `npm run dev`.
#
# Adds narrowly scoped ACCEPT rules (source = Windows host vEthernet
# address) in a dedicated chain, so they can be flushed in one go.
#
#   wsl_devports_allow.sh [--ports 3000:3010,5173,8000] [--undo]
set -euo pipefail

CHAIN="WSL-DEVPORTS"
PORTS="3000:3010,5173,8000,8080"
UNDO=0

while [ $# -gt 0 ]; do
    case "$1" in
        --ports) PORTS="$2"; shift 2 ;;
        --undo) UNDO=1; shift ;;
        -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
        *) echo "unknown argument: $1" >&2; exit 2 ;;
    esac
done

if [ "$(id -u)" -eq 0 ]; then
    ipt() { iptables -w "$@"; }
else
    ipt() { sudo iptables -w "$@"; }
fi

windows_host_ip() {
    # in WSL2 the default gateway is the Windows host's vEthernet adapter
    ip -4 route show default | awk '{print $3; exit}'
}

is_wsl() {
    grep -qi microsoft /proc/sys/kernel/osrelease 2>/dev/null
}

ensure_chain() {
    if ! ipt -n -L "$CHAIN" >/dev/null 2>&1; then
        ipt -N "$CHAIN"
    fi
    if ! ipt -C INPUT -j "$CHAIN" 2>/dev/null; then
        ipt -I INPUT 1 -j "$CHAIN"
    fi
}

undo() {
    if ipt -n -L "$CHAIN" >/dev/null 2>&1; then
        ipt -D INPUT -j "$CHAIN" 2>/dev/null || true
        ipt -F "$CHAIN"
        ipt -X "$CHAIN"
        echo "removed chain $CHAIN"
    else
        echo "chain $CHAIN not present"
    fi
}

if ! is_wsl; then
    echo "this does not look like WSL; refusing" >&2
    exit 1
fi

if [ "$UNDO" -eq 1 ]; then
    undo
    exit 0
fi

WIN_HOST="$(windows_host_ip)"
if [ -z "$WIN_HOST" ]; then
    echo "could not determine Windows host address" >&2
    exit 1
fi

ensure_chain
ipt -F "$CHAIN"
ipt -A "$CHAIN" -s "$WIN_HOST/32" -p tcp -m multiport --dports "$PORTS" \
    -m conntrack --ctstate NEW -m comment --comment "windows host dev ports" -j ACCEPT
ipt -A "$CHAIN" -j RETURN

echo "Windows host $WIN_HOST may now reach tcp ports $PORTS"
ipt -n -v -L "$CHAIN" --line-numbers
