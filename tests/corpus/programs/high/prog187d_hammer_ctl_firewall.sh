#!/usr/bin/env bash
# Open the Modbus port for the power hammer controller, but only to the
# workshop LAN, and save the rules so they survive a reboot.
set -euo pipefail

LAN_NET="${LAN_NET:-192.0.2.0/24}"
MODBUS_PORT=502
DASH_PORT=8080
RULES_FILE=/etc/iptables/rules.v4

if [ "$EUID" -ne 0 ]; then
    echo "needs root; trying sudo"
    exec sudo "$0" "$@"
fi

add_rule() {
    # only add if not already present
    if ! iptables -C "$@" 2>/dev/null; then
        iptables -A "$@"
        echo "added: iptables -A $*"
    else
        echo "exists: $*"
    fi
}

echo "current INPUT chain:"
iptables -S INPUT

add_rule INPUT -p tcp -s "$LAN_NET" --dport "$MODBUS_PORT" -m comment --comment "hammer modbus" -j ACCEPT
add_rule INPUT -p tcp -s "$LAN_NET" --dport "$DASH_PORT" -m comment --comment "hammer dashboard" -j ACCEPT
add_rule INPUT -p tcp --dport "$MODBUS_PORT" -m comment --comment "hammer modbus block" -j DROP

mkdir -p "$(dirname "$RULES_FILE")"
iptables-save > "$RULES_FILE"
chmod 0640 "$RULES_FILE"
echo "saved rules to $RULES_FILE"

if systemctl list-unit-files | grep -q netfilter-persistent; then
    systemctl reload netfilter-persistent || true
fi
