#!/usr/bin/env bash
# Enroll a new WireGuard peer on this gateway.
#   wg-peer-enroll.sh <name> [address]
# Generates the peer's keys, appends a [Peer] block to the live interface
# config under /etc/wireguard, hot-reloads it with `wg syncconf` and prints
# the client config to stdout (pipe it into qrencode for phones).
set -euo pipefail
umask 077

WG_IF="${WG_IF:-wg0}"
WG_DIR=/etc/wireguard
WG_CONF="$WG_DIR/$WG_IF.conf"
PEER_DB="$WG_DIR/peers.d"
SUBNET_PREFIX="${SUBNET_PREFIX:-10.66.0}"
ENDPOINT="${ENDPOINT:-vpn.example.org:51820}"
CLIENT_DNS="${CLIENT_DNS:-10.66.0.1}"

err() { echo "error: $*" >&2; exit 1; }

as_root() {
    if [ "$(id -u)" -ne 0 ]; then
        sudo -- "$@"
    else
        "$@"
    fi
}

next_free_address() {
    local used n
    used=$(as_root grep -ho "AllowedIPs = ${SUBNET_PREFIX}\.[0-9]*" "$WG_CONF" \
           | awk -F. '{print $4}' | sort -n)
    for n in $(seq 2 254); do
        if ! grep -qx "$n" <<<"$used"; then
            echo "${SUBNET_PREFIX}.$n"
            return 0
        fi
    done
    return 1
}

peer_exists() {
    as_root test -f "$PEER_DB/$1.pub"
}

write_peer_files() {
    local name="$1" pub="$2" psk="$3" addr="$4"
    as_root install -d -m 0700 -o root -g root "$PEER_DB"
    printf '%s\n' "$pub" | as_root tee "$PEER_DB/$name.pub" >/dev/null
    printf '%s\n' "$psk" | as_root tee "$PEER_DB/$name.psk" >/dev/null
    as_root chmod 0600 "$PEER_DB/$name.psk"
    as_root cp -a "$WG_CONF" "$WG_CONF.bak.$(date +%s)"
    as_root tee -a "$WG_CONF" >/dev/null <<EOF

[Peer]
# $name (enrolled $(date -u +%F) by ${SUDO_USER:-$USER})
PublicKey = $pub
PresharedKey = $psk
AllowedIPs = $addr/32
EOF
}

reload_interface() {
    if as_root wg show "$WG_IF" >/dev/null 2>&1; then
        as_root bash -c "wg syncconf '$WG_IF' <(wg-quick strip '$WG_IF')"
    else
        as_root systemctl restart "wg-quick@$WG_IF"
    fi
}

print_client_config() {
    local priv="$1" psk="$2" addr="$3" server_pub
    server_pub=$(as_root wg show "$WG_IF" public-key)
    cat <<EOF
[Interface]
PrivateKey = $priv
Address = $addr/32
DNS = $CLIENT_DNS

[Peer]
PublicKey = $server_pub
PresharedKey = $psk
Endpoint = $ENDPOINT
AllowedIPs = 0.0.0.0/0, ::/0
PersistentKeepalive = 25
EOF
}

main() {
    [ $# -ge 1 ] || err "usage: $0 <name> [address]"
    local name="$1" addr="${2:-}"
    [[ "$name" =~ ^[a-z0-9][a-z0-9._-]{1,30}$ ]] || err "bad peer name '$name'"
    command -v wg >/dev/null || err "wireguard-tools not installed"
    as_root test -f "$WG_CONF" || err "$WG_CONF not found"
    peer_exists "$name" && err "peer '$name' already enrolled"

    if [ -z "$addr" ]; then
        addr=$(next_free_address) || err "no free address in ${SUBNET_PREFIX}.0/24"
    fi

    local priv pub psk
    priv=$(wg genkey)
    pub=$(printf '%s' "$priv" | wg pubkey)
    psk=$(wg genpsk)

    write_peer_files "$name" "$pub" "$psk" "$addr"
    reload_interface
    echo "enrolled $name at $addr" >&2
    print_client_config "$priv" "$psk" "$addr"
}

main "$@"
