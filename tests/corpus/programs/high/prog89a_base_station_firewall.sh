#!/usr/bin/env bash
# base_station_firewall.sh
#
# Open the ports the linked-repeater network needs on the base-station
# gateway, and only for the peers we link with:
#   - voice link (RTP-ish)          UDP 41000-41010
#   - controller telemetry / SNMP   UDP 161 from the hill sites
#   - APRS-IS uplink for the igate  TCP 14580 (outbound, state tracked)
#
# Peers come from peers.txt (one "name address" per line).  Rules live in
# their own chain MRT-LINK so re-running replaces them cleanly.

set -Eeuo pipefail

PEERS_FILE="${1:-peers.txt}"
CHAIN="MRT-LINK"
IPT="${IPTABLES:-iptables}"
PERSIST="${PERSIST_RULES:-yes}"
VOICE_PORTS="41000:41010"

trap 'echo "failed at line $LINENO" >&2' ERR

priv() {
    if [[ $EUID -eq 0 ]]; then "$@"; else sudo -- "$@"; fi
}

valid_ip() {
    local ip=$1 IFS=.
    [[ $ip =~ ^[0-9]+\.[0-9]+\.[0-9]+\.[0-9]+(/[0-9]+)?$ ]] || return 1
    # shellcheck disable=SC2206
    local o=(${ip%%/*})
    for n in "${o[@]}"; do (( n <= 255 )) || return 1; done
}

read_peers() {
    local name addr
    while read -r name addr _; do
        [[ -z ${name:-} || $name == \#* ]] && continue
        if valid_ip "$addr"; then
            printf '%s %s\n' "$name" "$addr"
        else
            echo "skipping $name: bad address '$addr'" >&2
        fi
    done <"$PEERS_FILE"
}

prepare_chain() {
    if priv "$IPT" -nL "$CHAIN" >/dev/null 2>&1; then
        priv "$IPT" -F "$CHAIN"
    else
        priv "$IPT" -N "$CHAIN"
    fi
    if ! priv "$IPT" -C INPUT -j "$CHAIN" 2>/dev/null; then
        priv "$IPT" -I INPUT 1 -j "$CHAIN"
    fi
}

add_peer_rules() {
    local name=$1 addr=$2
    priv "$IPT" -A "$CHAIN" -s "$addr" -p udp --dport "$VOICE_PORTS" \
        -m comment --comment "mrt voice $name" -j ACCEPT
    priv "$IPT" -A "$CHAIN" -s "$addr" -p udp --dport 161 \
        -m comment --comment "mrt telemetry $name" -j ACCEPT
}

finish_chain() {
    priv "$IPT" -A "$CHAIN" -m conntrack --ctstate ESTABLISHED,RELATED -j ACCEPT
    priv "$IPT" -A "$CHAIN" -j RETURN
}

persist() {
    [[ $PERSIST == yes ]] || return 0
    priv mkdir -p /etc/iptables
    priv "${IPT}-save" | priv tee /etc/iptables/rules.v4 >/dev/null
    echo "rules saved to /etc/iptables/rules.v4"
}

main() {
    [[ -r $PEERS_FILE ]] || { echo "peers file $PEERS_FILE not found" >&2; exit 2; }
    mapfile -t peers < <(read_peers)
    (( ${#peers[@]} )) || { echo "no valid peers" >&2; exit 2; }

    echo "configuring $CHAIN for ${#peers[@]} peer(s)"
    prepare_chain
    for p in "${peers[@]}"; do
        add_peer_rules ${p}
        echo "  + ${p}"
    done
    finish_chain
    persist
    priv "$IPT" -nvL "$CHAIN" --line-numbers
}

main "$@"
