#!/usr/bin/env bash
# lan_port_forward.sh -- add NAT port-forward rules on the arena edge box so
# that remote casters and the stats partner can reach the tournament game
# servers. Rules come from a small config file; a Python helper turns the
# config into one rule per line.
#
# Config format (servers.conf), one server per line:
#   name  proto  public_port  internal_ip  internal_port
#
# Usage: lan_port_forward.sh [-c servers.conf] [-i wan_iface] [-d] [-r]
set -euo pipefail

CONF="./servers.conf"
WAN_IFACE="eth0"
DRY_RUN=0
REMOVE=0
APPLIED=0

log() { printf '[portfwd %s] %s\n' "$(date +%T)" "$*" >&2; }

while getopts ":c:i:drh" opt; do
    case "$opt" in
        c) CONF="$OPTARG" ;;
        i) WAN_IFACE="$OPTARG" ;;
        d) DRY_RUN=1 ;;
        r) REMOVE=1 ;;
        *) echo "usage: $0 [-c conf] [-i iface] [-d] [-r]" >&2; exit 2 ;;
    esac
done

[ -r "$CONF" ] || { log "config ${CONF} not readable"; exit 1; }

render_rules() {
    # Validates the config and prints: proto pub_port ip port name
    CONF_TEXT="$(cat "$CONF")" python3 - <<'PY'
import ipaddress
import os
import sys

ALLOWED_NETS = [ipaddress.ip_network("192.0.2.0/24")]
bad = 0
for lineno, raw in enumerate(os.environ["CONF_TEXT"].splitlines(), 1):
    line = raw.split("#", 1)[0].strip()
    if not line:
        continue
    parts = line.split()
    if len(parts) != 5:
        print(f"line {lineno}: expected 5 fields", file=sys.stderr)
        bad += 1
        continue
    name, proto, pub, ip, port = parts
    if proto not in ("tcp", "udp"):
        print(f"line {lineno}: bad proto {proto}", file=sys.stderr)
        bad += 1
        continue
    addr = ipaddress.ip_address(ip)
    if not any(addr in net for net in ALLOWED_NETS):
        print(f"line {lineno}: {ip} outside server VLAN", file=sys.stderr)
        bad += 1
        continue
    if not (pub.isdigit() and port.isdigit()):
        print(f"line {lineno}: ports must be numeric", file=sys.stderr)
        bad += 1
        continue
    print(proto, pub, ip, port, name)
sys.exit(1 if bad else 0)
PY
}

ipt() {
    if [ "$DRY_RUN" -eq 1 ]; then
        echo "DRY: iptables $*"
        return 0
    fi
    sudo iptables "$@"
}

apply_rule() {
    local proto="$1" pub="$2" ip="$3" port="$4" name="$5"
    local action="-A"
    [ "$REMOVE" -eq 1 ] && action="-D"
    local nat=(PREROUTING -i "$WAN_IFACE" -p "$proto" --dport "$pub"
               -j DNAT --to-destination "${ip}:${port}"
               -m comment --comment "arena:${name}")
    local fwd=(FORWARD -p "$proto" -d "$ip" --dport "$port"
               -j ACCEPT -m comment --comment "arena:${name}")
    if [ "$REMOVE" -eq 0 ] && sudo iptables -t nat -C "${nat[@]}" 2>/dev/null; then
        log "rule for ${name} already present"
        return 0
    fi
    ipt -t nat "$action" "${nat[@]}" || { log "nat rule for ${name} failed"; return 1; }
    ipt "$action" "${fwd[@]}" || { log "forward rule for ${name} failed"; return 1; }
    APPLIED=$((APPLIED + 1))
    log "${name}: ${proto}/${pub} -> ${ip}:${port} (${action})"
}

main() {
    local rules
    rules="$(render_rules)" || { log "config has errors, nothing applied"; exit 1; }
    while read -r proto pub ip port name; do
        [ -n "$proto" ] || continue
        apply_rule "$proto" "$pub" "$ip" "$port" "$name" || true
    done <<< "$rules"
    log "${APPLIED} server(s) processed"
    [ "$DRY_RUN" -eq 1 ] || sudo iptables -t nat -L PREROUTING -n --line-numbers | grep arena: || true
}

main "$@"
