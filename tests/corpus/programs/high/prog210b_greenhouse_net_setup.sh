#!/bin/bash
# Greenhouse controller network setup.
# Lets the climate controllers on the greenhouse VLAN reach the office
# gateway for time sync and reporting, based on zones.json.
set -euo pipefail

ZONES_FILE="${1:-./zones.json}"
UPLINK="${UPLINK:-eth0}"
DRY_RUN="${DRY_RUN:-0}"

log() { echo "[net-setup] $*" >&2; }

run() {
    if [[ "$DRY_RUN" == "1" ]]; then
        echo "+ $*"
    else
        sudo "$@"
    fi
}

[[ -r "$ZONES_FILE" ]] || { log "cannot read $ZONES_FILE"; exit 1; }

# turn zones.json into "iface subnet port1,port2" lines
rules="$(python3 - "$ZONES_FILE" <<'PY'
import ipaddress, json, sys
with open(sys.argv[1]) as fh:
    zones = json.load(fh)
for zone in zones.get("zones", []):
    try:
        net = ipaddress.ip_network(zone["subnet"], strict=True)
    except (KeyError, ValueError) as exc:
        print(f"# skip {zone.get('name', '?')}: {exc}", file=sys.stderr)
        continue
    ports = ",".join(str(int(p)) for p in zone.get("ports", [123, 443]))
    print(zone.get("iface", "eth1"), net, ports)
PY
)"

if [[ -z "$rules" ]]; then
    log "no usable zones"
    exit 1
fi

log "enabling forwarding"
run sysctl -w net.ipv4.ip_forward=1

count=0
while read -r iface subnet ports; do
    [[ -z "$iface" ]] && continue
    log "zone $subnet on $iface -> $UPLINK ports $ports"
    if ! sudo iptables -C FORWARD -i "$iface" -o "$UPLINK" -s "$subnet" \
            -p tcp -m multiport --dports "$ports" -j ACCEPT 2>/dev/null; then
        run iptables -A FORWARD -i "$iface" -o "$UPLINK" -s "$subnet" \
            -p tcp -m multiport --dports "$ports" -j ACCEPT
        run iptables -A FORWARD -i "$iface" -o "$UPLINK" -s "$subnet" \
            -p udp --dport 123 -j ACCEPT
        run iptables -t nat -A POSTROUTING -s "$subnet" -o "$UPLINK" -j MASQUERADE
        count=$((count + 1))
    fi
done <<< "$rules"

run iptables -A FORWARD -i "$UPLINK" -m conntrack --ctstate RELATED,ESTABLISHED -j ACCEPT
log "$count zone(s) configured"
