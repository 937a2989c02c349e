#!/usr/bin/env bash
# lora_gateway_ports.sh - let the grove LoRa gateways reach the network
# server on the farm office box.
#
# The gateways in the olive blocks run the Semtech packet forwarder
# (UDP 1700) and the newer ones Basic Station (TCP 3001). The office box
# drops unsolicited inbound traffic, so each gateway's address has to be
# allowed explicitly. Gateways are listed in gateways.txt (one IP or CIDR
# a line, '#' comments allowed).
#
#   ./lora_gateway_ports.sh [-f gateways.txt] [-i eth0] [--persist] [--remove]
set -euo pipefail

LIST="gateways.txt"
IFACE=""
PERSIST=0
ACTION="add"
CHAIN="INPUT"
COMMENT="lora-gw"
RULES_FILE="/etc/iptables/rules.v4"
PRIV=()

log() { echo "lora-ports: $*" >&2; }

while (($#)); do
    case "$1" in
        -f) LIST="$2"; shift 2 ;;
        -i) IFACE="$2"; shift 2 ;;
        --persist) PERSIST=1; shift ;;
        --remove) ACTION="remove"; shift ;;
        -h|--help) sed -n '2,11p' "$0"; exit 0 ;;
        *) log "unknown argument $1"; exit 64 ;;
    esac
done

if [[ $EUID -ne 0 ]]; then
    PRIV=(sudo)
    sudo -v || { log "sudo credentials required"; exit 1; }
fi
IPT=("${PRIV[@]}" iptables -w 5)

[[ -r "$LIST" ]] || { log "cannot read $LIST"; exit 1; }

rule_spec() {
    local src="$1" proto="$2" port="$3"
    local spec=(-s "$src" -p "$proto" --dport "$port" -m comment --comment "$COMMENT" -j ACCEPT)
    [[ -n "$IFACE" ]] && spec=(-i "$IFACE" "${spec[@]}")
    printf '%s\0' "${spec[@]}"
}

apply_rule() {
    local src="$1" proto="$2" port="$3" spec=()
    mapfile -d '' -t spec < <(rule_spec "$src" "$proto" "$port")
    if "${IPT[@]}" -C "$CHAIN" "${spec[@]}" 2>/dev/null; then
        if [[ $ACTION == remove ]]; then
            "${IPT[@]}" -D "$CHAIN" "${spec[@]}" && log "removed $src $proto/$port"
        else
            log "present $src $proto/$port"
        fi
    elif [[ $ACTION == add ]]; then
        "${IPT[@]}" -I "$CHAIN" 1 "${spec[@]}" && log "allowed $src $proto/$port"
    fi
}

count=0
while read -r line; do
    line="${line%%#*}"
    line="${line//[[:space:]]/}"
    [[ -z "$line" ]] && continue
    if ! [[ "$line" =~ ^[0-9]{1,3}(\.[0-9]{1,3}){3}(/[0-9]{1,2})?$ ]]; then
        log "skipping malformed entry '$line'"
        continue
    fi
    apply_rule "$line" udp 1700
    apply_rule "$line" tcp 3001
    count=$((count + 1))
done < "$LIST"

log "$count gateway(s) processed ($ACTION)"

if (( PERSIST )); then
    "${PRIV[@]}" mkdir -p "$(dirname "$RULES_FILE")"
    "${PRIV[@]}" iptables-save | "${PRIV[@]}" tee "$RULES_FILE" >/dev/null
    log "rules saved to $RULES_FILE"
fi
