#!/usr/bin/env bash
# wg_hub_bringup.sh - build the hub-side WireGuard config from peers.csv and
# bring the interface up (or hot-reload peers if it is already running).
#
#   wg_hub_bringup.sh [-i wg0] [-p peers.csv] [-a 10.80.0.1/16] [-l 51820]
#
# peers.csv columns: name,public_key,allowed_ips
# The hub private key lives in ./keys/<iface>.key and is created on first run.

set -euo pipefail

IFACE=wg0
PEERS=peers.csv
ADDRESS=10.80.0.1/16
LISTEN_PORT=51820
WORKDIR=./build
KEYDIR=./keys

usage() { sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'; exit "${1:-0}"; }

while getopts ":i:p:a:l:h" o; do
    case "$o" in
        i) IFACE="$OPTARG" ;;
        p) PEERS="$OPTARG" ;;
        a) ADDRESS="$OPTARG" ;;
        l) LISTEN_PORT="$OPTARG" ;;
        h) usage 0 ;;
        *) usage 1 ;;
    esac
done

for bin in wg wg-quick; do
    command -v "$bin" >/dev/null || { echo "missing $bin (wireguard-tools)" >&2; exit 1; }
done
[ -r "$PEERS" ] || { echo "cannot read $PEERS" >&2; exit 1; }

mkdir -p "$WORKDIR" "$KEYDIR"
umask 077

hub_key="$KEYDIR/$IFACE.key"
if [ ! -s "$hub_key" ]; then
    wg genkey >"$hub_key"
    echo "generated new hub key; public key: $(wg pubkey <"$hub_key")"
fi

render() {
    local out="$1" n=0
    {
        echo "[Interface]"
        echo "Address = $ADDRESS"
        echo "ListenPort = $LISTEN_PORT"
        echo "PrivateKey = $(cat "$hub_key")"
        echo
        while IFS=, read -r name pub allowed; do
            case "$name" in ''|\#*|name) continue ;; esac
            if [ "${#pub}" -ne 44 ]; then
                echo "skipping $name: bad public key" >&2
                continue
            fi
            echo "# $name"
            echo "[Peer]"
            echo "PublicKey = $pub"
            echo "AllowedIPs = ${allowed//;/, }"
            echo
            n=$((n + 1))
        done <"$PEERS"
    } >"$out"
    echo "$n"
}

staged="$WORKDIR/$IFACE.conf"
count="$(render "$staged")"
echo "rendered $count peers into $staged"

live="/etc/wireguard/$IFACE.conf"
if sudo cmp -s "$staged" "$live" 2>/dev/null; then
    echo "$live unchanged"
else
    sudo install -D -m 0600 -o root -g root "$staged" "$live"
    echo "installed $live"
fi

# hub routes between spokes
if [ "$(sysctl -n net.ipv4.ip_forward)" != "1" ]; then
    sudo sysctl -w net.ipv4.ip_forward=1 >/dev/null
    echo "enabled IPv4 forwarding"
fi

if ip link show "$IFACE" >/dev/null 2>&1; then
    sudo bash -c "wg syncconf '$IFACE' <(wg-quick strip '$IFACE')"
    echo "peers reloaded on $IFACE"
else
    sudo wg-quick up "$IFACE"
fi
sudo wg show "$IFACE" | head -n 5
