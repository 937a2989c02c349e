#!/usr/bin/env bash
# Bring up the tournament VLANs on the arena router box.
# Creates one tagged sub-interface per team block, enables forwarding, and adds
# forward rules so the stage VLAN can reach the game servers.
#
# Usage: switch_vlan_apply.sh [-n] [-i TRUNK_IF] vlans.conf

set -euo pipefail

TRUNK_IF="eth1"
DRY_RUN=0
# how we get root on the router box (ops uses doas on the BSD-ish images)
ELEVATE="${ELEVATE:-sudo}"
GAME_NET="${GAME_NET:-198.51.100.0/24}"

usage() { sed -n '2,6p' "$0"; }

as_root() {
    if [ "$DRY_RUN" -eq 1 ]; then
        echo "+ $ELEVATE $*"
        return 0
    fi
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    else
        $ELEVATE -n "$@"
    fi
}

fw() {
    local t="ip""tables"
    as_root "$t" "$@"
}

knob() {
    local tool="sys""ctl"
    as_root "$tool" -w "$1=$2" >/dev/null
}

vlan_up() {
    local id="$1" cidr="$2" name
    name="${TRUNK_IF}.${id}"
    if ip link show "$name" >/dev/null 2>&1; then
        echo "vlan $id already present"
    else
        as_root ip link add link "$TRUNK_IF" name "$name" type vlan id "$id"
    fi
    as_root ip addr replace "$cidr" dev "$name"
    as_root ip link set "$name" up
}

allow_forward() {
    local id="$1" name="${TRUNK_IF}.${1}"
    # idempotent: only append if the rule is not there yet
    if ! fw -C FORWARD -i "$name" -d "$GAME_NET" -j ACCEPT 2>/dev/null; then
        fw -A FORWARD -i "$name" -d "$GAME_NET" -j ACCEPT
    fi
    if ! fw -C FORWARD -o "$name" -m conntrack --ctstate ESTABLISHED,RELATED -j ACCEPT 2>/dev/null; then
        fw -A FORWARD -o "$name" -m conntrack --ctstate ESTABLISHED,RELATED -j ACCEPT
    fi
    echo "forwarding allowed for vlan $id"
}

while getopts "ni:h" opt; do
    case "$opt" in
        n) DRY_RUN=1 ;;
        i) TRUNK_IF="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done
shift $((OPTIND - 1))

CONF="${1:-vlans.conf}"
if [ ! -r "$CONF" ]; then
    echo "cannot read $CONF" >&2
    exit 1
fi

knob net.ipv4.ip_forward 1
knob net.ipv4.conf.all.rp_filter 2

count=0
# vlans.conf: "<vlan id> <cidr> <label>" per line, # comments allowed
while read -r vid cidr label; do
    case "$vid" in ''|\#*) continue ;; esac
    if ! [[ "$vid" =~ ^[0-9]+$ ]] || [ "$vid" -lt 2 ] || [ "$vid" -gt 4094 ]; then
        echo "skipping bad vlan id '$vid'" >&2
        continue
    fi
    echo "== ${label:-vlan$vid} ($vid, $cidr)"
    vlan_up "$vid" "$cidr"
    allow_forward "$vid"
    count=$((count + 1))
done < "$CONF"

echo "applied $count vlans on $TRUNK_IF"
