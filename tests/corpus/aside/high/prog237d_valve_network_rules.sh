#!/usr/bin/env bash
# Valve network rules: lets the greenkeeper's PC talk Modbus/TCP to the
# field satellites listed in satellites.json, and nothing else on that
# port. Rules are generated from the inventory and added with iptables.
set -euo pipefail

INVENTORY="${INVENTORY:-$PWD/satellites.json}"
CHAIN="GOLF_IRRIGATION"
DRY_RUN=0
LOG="$PWD/valve_rules.log"

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG" >&2; }

usage() {
    cat <<EOF
usage: $0 [-f satellites.json] [-n]
  -f  satellite inventory (JSON list of {name, ip, port})
  -n  print the rules without applying them
EOF
}

while getopts "f:nh" o; do
    case "$o" in
        f) INVENTORY="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

[[ -r "$INVENTORY" ]] || { log "inventory $INVENTORY not readable"; exit 1; }

# Turn the inventory into one "ip port name" line per satellite, rejecting
# anything outside the course network.
rules="$(INVENTORY="$INVENTORY" python3 - <<'PY'
import ipaddress, json, os, sys
course_net = ipaddress.ip_network("192.0.2.0/24")
with open(os.environ["INVENTORY"]) as fh:
    sats = json.load(fh)
bad = 0
for s in sats:
    try:
        ip = ipaddress.ip_address(s["ip"])
        port = int(s.get("port", 502))
    except (KeyError, ValueError) as exc:
        print(f"skip {s!r}: {exc}", file=sys.stderr); bad += 1; continue
    if ip not in course_net or not 1 <= port <= 65535:
        print(f"skip {s.get('name')}: {ip}:{port} outside course net", file=sys.stderr)
        bad += 1; continue
    name = "".join(c for c in s.get("name", "sat") if c.isalnum() or c in "-_")[:20]
    print(ip, port, name)
sys.exit(0 if sats and bad < len(sats) else 1)
PY
)" || { log "inventory produced no usable satellites"; exit 1; }

count=$(wc -l <<<"$rules")
log "loaded $count satellites from $INVENTORY"

ipt() {
    if (( DRY_RUN )); then
        echo "iptables $*"
    else
        sudo iptables "$@"
    fi
}

# dedicated chain, hooked into OUTPUT once
if (( ! DRY_RUN )) && ! sudo iptables -L "$CHAIN" -n >/dev/null 2>&1; then
    ipt -N "$CHAIN"
fi
if (( DRY_RUN )) || ! sudo iptables -C OUTPUT -p tcp --dport 502 -j "$CHAIN" 2>/dev/null; then
    ipt -A OUTPUT -p tcp --dport 502 -j "$CHAIN"
fi

while read -r ip port name; do
    [[ -n "$ip" ]] || continue
    if (( DRY_RUN )) || ! sudo iptables -C "$CHAIN" -p tcp -d "$ip" --dport "$port" -j ACCEPT 2>/dev/null; then
        ipt -I "$CHAIN" 1 -p tcp -d "$ip" --dport "$port" \
            -m comment --comment "sat-$name" -j ACCEPT
        log "allowed $name ($ip:$port)"
    fi
done <<<"$rules"

# everything else on the Modbus port is refused
if (( DRY_RUN )) || ! sudo iptables -C "$CHAIN" -p tcp -j REJECT 2>/dev/null; then
    ipt -A "$CHAIN" -p tcp -j REJECT
fi
log "rules in place"
