#!/usr/bin/env bash
# modbus_allowlist.sh - allow Modbus/TCP from the cooperative's meter
# gateways to the collector, and nothing else on that port.
#
# Gateway addresses come from the inventory CSV (id,address,site).  A python
# step validates them; the resulting rules are written to a file in the
# working directory and then applied one by one.
#
#   modbus_allowlist.sh [-i inventory.csv] [-p port]
set -euo pipefail

INVENTORY="./inventory/gateways.csv"
PORT=502
RULES="./modbus-rules.txt"
BACKUP="./iptables-backup-$(date +%Y%m%d%H%M%S).rules"
CHAIN="COOP_MODBUS"

log() { echo "$(date +%T) $*" >&2; }

while getopts ":i:p:h" opt; do
    case "$opt" in
        i) INVENTORY="$OPTARG" ;;
        p) PORT="$OPTARG" ;;
        h) echo "usage: $0 [-i inventory.csv] [-p port]"; exit 0 ;;
        *) echo "bad option" >&2; exit 2 ;;
    esac
done

[[ $EUID -eq 0 ]] || { log "iptables needs root; run from the admin shell"; exit 1; }
[[ -r "$INVENTORY" ]] || { log "cannot read $INVENTORY"; exit 1; }

iptables-save > "$BACKUP"
log "current rules saved to $BACKUP"

# validate addresses; only documentation/meter ranges we own are accepted
INVENTORY="$INVENTORY" ALLOWED_NETS="192.0.2.0/24,198.51.100.0/24" python3 - > "$RULES" <<'PY'
import csv, ipaddress, os, sys
nets = [ipaddress.ip_network(n) for n in os.environ["ALLOWED_NETS"].split(",")]
seen = set()
with open(os.environ["INVENTORY"], newline="") as fh:
    for row in csv.DictReader(fh):
        try:
            addr = ipaddress.ip_address(row["address"].strip())
        except (KeyError, ValueError):
            print(f"skip bad row {row}", file=sys.stderr)
            continue
        if not any(addr in n for n in nets):
            print(f"skip {addr}: outside meter networks", file=sys.stderr)
            continue
        if addr in seen:
            continue
        seen.add(addr)
        print(f"{addr} {row.get('id', '?')}")
PY

count=$(wc -l < "$RULES")
(( count > 0 )) || { log "no valid gateways in inventory"; exit 1; }
log "$count gateways to allow on tcp/$PORT"

# dedicated chain so the rest of the firewall stays untouched
iptables -N "$CHAIN" 2>/dev/null || log "chain $CHAIN exists, adding missing rules"
if ! iptables -C "$CHAIN" -p tcp --dport "$PORT" -j DROP 2>/dev/null; then
    iptables -A "$CHAIN" -p tcp --dport "$PORT" -j DROP
fi
# accepts go in at the top so the closing DROP stays last
while read -r addr gwid; do
    if iptables -C "$CHAIN" -s "$addr" -p tcp --dport "$PORT" \
        -m comment --comment "meter gateway $gwid" -j ACCEPT 2>/dev/null; then
        continue
    fi
    iptables -I "$CHAIN" 1 -s "$addr" -p tcp --dport "$PORT" \
        -m comment --comment "meter gateway $gwid" -j ACCEPT
done < "$RULES"

if ! iptables -C INPUT -p tcp --dport "$PORT" -j "$CHAIN" 2>/dev/null; then
    iptables -I INPUT -p tcp --dport "$PORT" -j "$CHAIN"
    log "INPUT now jumps to $CHAIN for tcp/$PORT"
fi

iptables -L "$CHAIN" -n --line-numbers >&2
log "allow-list applied"
