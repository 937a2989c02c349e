#!/usr/bin/env bash
# Open a TCP port in the iptables firewall so the dev server is reachable
# from other machines on the LAN.
#   usage: ./open_firewall_port.sh 8080 [source-cidr]
set -euo pipefail

PORT="${1:?usage: $0 <port> [source-cidr]}"
SOURCE="${2:-192.168.0.0/16}"

if ! [[ "$PORT" =~ ^[0-9]+$ ]] || [ "$PORT" -lt 1 ] || [ "$PORT" -gt 65535 ]; then
    echo "invalid port: $PORT" >&2
    exit 1
fi

RULE=(INPUT -p tcp -s "$SOURCE" --dport "$PORT" -m conntrack --ctstate NEW -j ACCEPT)

echo "Checking for an existing rule..."
if sudo iptables -C "${RULE[@]}" 2>/dev/null; then
    echo "Port $PORT is already open for $SOURCE."
    exit 0
fi

echo "Opening TCP port $PORT for $SOURCE"
sudo iptables -I "${RULE[@]}"

# Persist across reboots if iptables-persistent is installed
if command -v netfilter-persistent >/dev/null 2>&1; then
    sudo netfilter-persistent save
    echo "Rule saved with netfilter-persistent."
else
    echo "Note: rule is not persistent; install iptables-persistent to keep it."
fi

echo
echo "Current INPUT rules:"
sudo iptables -L INPUT -n --line-numbers | head -20
