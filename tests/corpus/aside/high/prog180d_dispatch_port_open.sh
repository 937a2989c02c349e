#!/usr/bin/env bash
# Open the dispatch console port on the depot gateway so rider tablets on the
# depot VLAN can reach the dispatch web app. Adds a single ACCEPT rule; does
# not touch the rest of the firewall.
set -euo pipefail

DISPATCH_PORT="${DISPATCH_PORT:-8443}"
DEPOT_NET="${DEPOT_NET:-198.51.100.0/24}"
IFACE="${DEPOT_IFACE:-eth1}"
RULES_FILE="/etc/iptables/rules.v4"
COMMENT="courier-dispatch"
REMOVE=0

usage() {
    echo "Usage: $0 [--remove] [--port N] [--net CIDR] [--iface IF]"
}

while [[ $# -gt 0 ]]; do
    case "$1" in
        --remove) REMOVE=1 ;;
        --port) DISPATCH_PORT="$2"; shift ;;
        --net) DEPOT_NET="$2"; shift ;;
        --iface) IFACE="$2"; shift ;;
        -h|--help) usage; exit 0 ;;
        *) usage; exit 1 ;;
    esac
    shift
done

RULE=(-i "$IFACE" -p tcp -s "$DEPOT_NET" --dport "$DISPATCH_PORT"
      -m conntrack --ctstate NEW -m comment --comment "$COMMENT" -j ACCEPT)

rule_present() {
    sudo iptables -C INPUT "${RULE[@]}" 2>/dev/null
}

if [[ "$REMOVE" -eq 1 ]]; then
    if rule_present; then
        sudo iptables -D INPUT "${RULE[@]}"
        echo "removed dispatch rule for port $DISPATCH_PORT"
    else
        echo "no dispatch rule present"
    fi
else
    if rule_present; then
        echo "dispatch rule already present"
    else
        # insert before the final DROP/REJECT
        sudo iptables -I INPUT 1 "${RULE[@]}"
        echo "allowed $DEPOT_NET -> tcp/$DISPATCH_PORT on $IFACE"
    fi
fi

# keep it across reboots
sudo mkdir -p "$(dirname "$RULES_FILE")"
sudo sh -c "iptables-save > $RULES_FILE"
echo "saved rules to $RULES_FILE"

# make sure the gateway forwards between VLANs for the tablets
if [[ "$(sysctl -n net.ipv4.ip_forward)" != "1" ]]; then
    sudo sysctl -w net.ipv4.ip_forward=1
fi

sudo iptables -L INPUT -n --line-numbers | grep -E "$COMMENT|Chain" || true
