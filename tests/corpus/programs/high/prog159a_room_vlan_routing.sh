#!/usr/bin/env bash
# Route the room-controller VLAN through the venue server so the props can
# reach the MQTT broker, and only the broker. Run with sudo after adding a room.

set -euo pipefail

CTRL_NET="${CTRL_NET:-192.0.2.0/26}"
CTRL_IF="${CTRL_IF:-eth1}"
BROKER_PORT="${BROKER_PORT:-1883}"
STAFF_NET="${STAFF_NET:-198.51.100.0/27}"
SYSCTL_FILE="/etc/sysctl.d/60-roomctl.conf"
RULE_TAG="roomctl"

msg() { printf '[vlan] %s\n' "$*"; }

require_root() {
    if [ "$(id -u)" -ne 0 ]; then
        exec sudo -E "$0" "$@"
    fi
}

add_rule() {
    local chain="$1"; shift
    if iptables -C "$chain" "$@" -m comment --comment "$RULE_TAG" 2>/dev/null; then
        return 0
    fi
    iptables -A "$chain" "$@" -m comment --comment "$RULE_TAG"
    msg "added $chain $*"
}

configure_forwarding() {
    sysctl -w net.ipv4.ip_forward=1 >/dev/null
    cat > "$SYSCTL_FILE" <<CONF
# managed by room_vlan_routing.sh
net.ipv4.ip_forward = 1
net.ipv4.conf.${CTRL_IF}.rp_filter = 1
CONF
    chmod 644 "$SYSCTL_FILE"
    sysctl -p "$SYSCTL_FILE" >/dev/null
    msg "forwarding enabled and persisted in $SYSCTL_FILE"
}

configure_rules() {
    add_rule INPUT -i "$CTRL_IF" -s "$CTRL_NET" -p tcp --dport "$BROKER_PORT" -j ACCEPT
    add_rule INPUT -i "$CTRL_IF" -s "$CTRL_NET" -p udp --dport 123 -j ACCEPT
    add_rule FORWARD -s "$STAFF_NET" -d "$CTRL_NET" -p tcp --dport 22 -j ACCEPT
    add_rule FORWARD -s "$CTRL_NET" -d "$STAFF_NET" -m conntrack --ctstate ESTABLISHED,RELATED -j ACCEPT
    add_rule INPUT -i "$CTRL_IF" -s "$CTRL_NET" -j DROP
}

save_rules() {
    if command -v netfilter-persistent >/dev/null 2>&1; then
        netfilter-persistent save >/dev/null
        msg "rules saved"
    elif [ -d /etc/iptables ]; then
        iptables-save > /etc/iptables/rules.v4
        msg "rules written to /etc/iptables/rules.v4"
    else
        msg "no persistence tool found; rules last until reboot"
    fi
}

restart_broker() {
    if systemctl is-enabled mosquitto >/dev/null 2>&1; then
        systemctl restart mosquitto
        systemctl --no-pager --lines=0 status mosquitto || true
    else
        msg "mosquitto not installed as a service; skipping restart"
    fi
}

show() {
    iptables -S | grep -- "$RULE_TAG" || msg "no tagged rules"
}

main() {
    require_root "$@"
    case "${1:-apply}" in
        apply)
            configure_forwarding
            configure_rules
            save_rules
            restart_broker
            show
            ;;
        show)
            show
            ;;
        *)
            echo "usage: $0 [apply|show]" >&2
            exit 1
            ;;
    esac
}

main "$@"
