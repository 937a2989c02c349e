#!/bin/bash
# Opens the application's ports on the host firewall.
set -euo pipefail
PORTS=(80 443 8080)
for port in "${PORTS[@]}"; do
    if ! iptables -C INPUT -p tcp --dport "$port" -j ACCEPT 2>/dev/null; then
        iptables -A INPUT -p tcp --dport "$port" -j ACCEPT
        echo "opened $port"
    fi
done
iptables-save > /etc/iptables/rules.v4
