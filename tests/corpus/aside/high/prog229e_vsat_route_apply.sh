#!/usr/bin/env bash
# vsat_route_apply.sh
# Applies the NAT and forwarding rules that let the crew welfare VLAN reach
# the internet over the rig's VSAT uplink. Rules are described in a JSON file
# in the working directory, rendered by an embedded Python step into a rules
# script and applied with root rights.
set -euo pipefail

CONFIG="${CONFIG:-./vsat_routes.json}"
RULES_OUT="${RULES_OUT:-./generated/vsat_rules.sh}"
SHOW_ONLY=0

usage() {
    cat <<EOF
Usage: $0 [-c config.json] [-o rules_out] [-s]
  -s  only render and print the rules, do not apply them
EOF
}

while getopts "c:o:sh" opt; do
    case "$opt" in
        c) CONFIG="$OPTARG" ;;
        o) RULES_OUT="$OPTARG" ;;
        s) SHOW_ONLY=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

log() { echo "$(date '+%F %T') [vsat] $*"; }

if [[ ! -f "$CONFIG" ]]; then
    log "config $CONFIG not found"
    exit 1
fi

mkdir -p "$(dirname "$RULES_OUT")"

render_rules() {
    CONFIG_PATH="$CONFIG" python3 - <<'PY'
import ipaddress
import json
import os
import re
import sys

with open(os.environ["CONFIG_PATH"]) as fh:
    cfg = json.load(fh)

iface_re = re.compile(r"^[a-zA-Z0-9_.-]{1,15}$")
wan = cfg["wan_interface"]
if not iface_re.match(wan):
    sys.exit(f"bad wan interface {wan!r}")

print("#!/usr/bin/env bash")
print("set -e")
print("sysctl -w net.ipv4.ip_forward=1")
for vlan in cfg.get("vlans", []):
    name = vlan["interface"]
    if not iface_re.match(name):
        sys.exit(f"bad vlan interface {name!r}")
    net = ipaddress.ip_network(vlan["subnet"], strict=True)
    tag = f"vsat-{vlan.get('name', name)}"
    print(f"iptables -t nat -C POSTROUTING -s {net} -o {wan} -j MASQUERADE "
          f"2>/dev/null || iptables -t nat -A POSTROUTING -s {net} -o {wan} "
          f"-j MASQUERADE -m comment --comment {tag}")
    print(f"iptables -C FORWARD -i {name} -o {wan} -s {net} -j ACCEPT "
          f"2>/dev/null || iptables -A FORWARD -i {name} -o {wan} -s {net} "
          f"-j ACCEPT -m comment --comment {tag}")
    print(f"iptables -C FORWARD -i {wan} -o {name} -d {net} -m conntrack "
          f"--ctstate ESTABLISHED,RELATED -j ACCEPT 2>/dev/null || "
          f"iptables -A FORWARD -i {wan} -o {name} -d {net} -m conntrack "
          f"--ctstate ESTABLISHED,RELATED -j ACCEPT -m comment --comment {tag}")
    mss = vlan.get("clamp_mss")
    if mss:
        print(f"iptables -t mangle -A FORWARD -o {wan} -s {net} -p tcp "
              f"--tcp-flags SYN,RST SYN -j TCPMSS --set-mss {int(mss)}")
PY
}

if ! rules="$(render_rules)"; then
    log "rendering failed"
    exit 1
fi
printf '%s\n' "$rules" > "$RULES_OUT"
chmod 600 "$RULES_OUT"
log "rendered $(grep -c '^iptables' "$RULES_OUT") iptables rule(s) to $RULES_OUT"

if [[ $SHOW_ONLY -eq 1 ]]; then
    cat "$RULES_OUT"
    exit 0
fi

if [[ $EUID -ne 0 ]]; then
    log "elevating with sudo"
    sudo bash "$RULES_OUT"
else
    bash "$RULES_OUT"
fi

log "current NAT table:"
sudo iptables -t nat -S POSTROUTING | grep -E 'vsat-' || log "no vsat rules found"
log "done"
