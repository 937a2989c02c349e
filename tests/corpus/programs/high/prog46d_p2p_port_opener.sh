#!/usr/bin/env bash
# Open the peer-to-peer ports a full node / validator pair needs on a host that
# runs a default-deny iptables policy. Idempotent: rules are checked first.
#   execution client (geth/nethermind/erigon): 30303 tcp+udp
#   consensus client (lighthouse/teku/prysm):  9000 tcp+udp (+9001 udp quic)
set -euo pipefail

CHAIN_CHAIN="NODE-P2P"
EXEC_PORT="${EXEC_PORT:-30303}"
CONS_PORT="${CONS_PORT:-9000}"
QUIC_PORT="${QUIC_PORT:-9001}"
DRY_RUN=0
WITH_V6=1

usage() {
    echo "usage: $0 [--dry-run] [--no-ipv6] [--exec-port N] [--cons-port N]"
}

while [[ $# -gt 0 ]]; do
    case "$1" in
        --dry-run) DRY_RUN=1 ;;
        --no-ipv6) WITH_V6=0 ;;
        --exec-port) EXEC_PORT="$2"; shift ;;
        --cons-port) CONS_PORT="$2"; shift ;;
        -h|--help) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
    shift
done

SUDO=""
if [[ $EUID -ne 0 ]]; then
    SUDO="sudo"
fi

run() {
    if (( DRY_RUN )); then
        echo "+ $*"
    else
        $SUDO "$@"
    fi
}

ensure_chain() {
    local ipt="$1"
    if ! $SUDO "$ipt" -n -L "$CHAIN_CHAIN" >/dev/null 2>&1; then
        run "$ipt" -N "$CHAIN_CHAIN"
    fi
    if ! $SUDO "$ipt" -C INPUT -j "$CHAIN_CHAIN" >/dev/null 2>&1; then
        run "$ipt" -I INPUT 1 -j "$CHAIN_CHAIN"
    fi
}

allow() {
    local ipt="$1" proto="$2" port="$3" comment="$4"
    local spec=(-p "$proto" --dport "$port" -m comment --comment "$comment" -j ACCEPT)
    if $SUDO "$ipt" -C "$CHAIN_CHAIN" "${spec[@]}" >/dev/null 2>&1; then
        echo "  $ipt $proto/$port already open"
    else
        run "$ipt" -A "$CHAIN_CHAIN" "${spec[@]}"
        echo "  $ipt $proto/$port opened ($comment)"
    fi
}

apply_for() {
    local ipt="$1"
    command -v "$ipt" >/dev/null || { echo "$ipt not installed, skipping"; return; }
    echo "[$ipt]"
    ensure_chain "$ipt"
    for proto in tcp udp; do
        allow "$ipt" "$proto" "$EXEC_PORT" "el-p2p"
        allow "$ipt" "$proto" "$CONS_PORT" "cl-p2p"
    done
    allow "$ipt" udp "$QUIC_PORT" "cl-quic"
}

apply_for iptables
if (( WITH_V6 )); then
    apply_for ip6tables
fi

if (( ! DRY_RUN )) && command -v netfilter-persistent >/dev/null; then
    run netfilter-persistent save
fi
echo "done; verify with: $SUDO iptables -L $CHAIN_CHAIN -n -v"
