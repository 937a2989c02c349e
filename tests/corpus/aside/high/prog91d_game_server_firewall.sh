#!/usr/bin/env bash
# game_server_firewall.sh - open match server ports and (re)start the units
#
# Reads servers.conf (one "name port tv_port" per line, # for comments) and
# makes sure each match server's game and GOTV ports are reachable from the
# player VLAN, then restarts the matching cs2-server@ unit.
#
#   ./game_server_firewall.sh                 # apply servers.conf
#   ./game_server_firewall.sh -c finals.conf  # other list
#   ./game_server_firewall.sh -n              # print what would run

set -euo pipefail

CONF="servers.conf"
DRY_RUN=0
PLAYER_NET="${PLAYER_NET:-10.40.0.0/16}"
CHAIN="LAN_MATCH"

usage() { echo "usage: $0 [-c servers.conf] [-n]" >&2; exit 64; }

while getopts ":c:nh" o; do
    case "$o" in
        c) CONF="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        *) usage ;;
    esac
done

[[ -r "$CONF" ]] || { echo "cannot read $CONF" >&2; exit 1; }

# prefer doas on the OpenBSD-style admin images, sudo elsewhere
ELEVATE=""
if [[ $EUID -ne 0 ]]; then
    ELEVATE="$(command -v doas || command -v sudo || true)"
    [[ -n "$ELEVATE" ]] || { echo "need root, doas or sudo" >&2; exit 1; }
fi

run() {
    if (( DRY_RUN )); then
        printf 'would run: %s\n' "$*"
    else
        $ELEVATE "$@"
    fi
}

ensure_chain() {
    if ! $ELEVATE iptables -nL "$CHAIN" >/dev/null 2>&1; then
        run iptables -N "$CHAIN"
    fi
    if ! $ELEVATE iptables -C INPUT -s "$PLAYER_NET" -j "$CHAIN" 2>/dev/null; then
        run iptables -I INPUT 1 -s "$PLAYER_NET" -j "$CHAIN"
    fi
}

open_port() {
    local proto="$1" port="$2" comment="$3"
    if $ELEVATE iptables -C "$CHAIN" -p "$proto" --dport "$port" -j ACCEPT 2>/dev/null; then
        return 0
    fi
    run iptables -A "$CHAIN" -p "$proto" --dport "$port" \
        -m comment --comment "$comment" -j ACCEPT
}

declare -a names=() ports_udp=()
while read -r name port tv_port _; do
    [[ -z "${name:-}" || "$name" == \#* ]] && continue
    [[ "$port" =~ ^[0-9]+$ && "$tv_port" =~ ^[0-9]+$ ]] || {
        echo "skipping malformed line for $name" >&2; continue; }
    names+=("$name")
    ports_udp+=("$port:$name" "$tv_port:$name-tv")
done < "$CONF"

(( ${#names[@]} )) || { echo "no servers in $CONF" >&2; exit 0; }

ensure_chain
for entry in "${ports_udp[@]}"; do
    open_port udp "${entry%%:*}" "match ${entry#*:}"
    open_port tcp "${entry%%:*}" "rcon ${entry#*:}"
done

for name in "${names[@]}"; do
    run systemctl restart "cs2-server@${name}.service"
    if (( ! DRY_RUN )); then
        sleep 1
        state="$($ELEVATE systemctl is-active "cs2-server@${name}.service" || true)"
        echo "$name: $state"
    fi
done
