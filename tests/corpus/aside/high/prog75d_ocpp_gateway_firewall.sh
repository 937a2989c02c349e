#!/bin/sh
# ocpp_gateway_firewall.sh - open the OCPP gateway to the charger VLAN.
#
# The depot chargers (OCPP 1.6J over WebSocket) sit on their own VLAN and
# talk to the central system through this gateway box. This script admits
# the charger subnet to the gateway port, forwards the legacy port 80
# chargers to the gateway, and enables routing between the two interfaces.
#
# Settings come from /opt/ocpp-gw/gateway.env or the environment:
#   CHARGER_IF=eth1  CHARGER_NET=10.40.0.0/24  OCPP_PORT=9000  UPLINK_IF=eth0

set -eu

ENV_FILE=${ENV_FILE:-/opt/ocpp-gw/gateway.env}
[ -r "$ENV_FILE" ] && . "$ENV_FILE"

CHARGER_IF=${CHARGER_IF:-eth1}
CHARGER_NET=${CHARGER_NET:-10.40.0.0/24}
OCPP_PORT=${OCPP_PORT:-9000}
LEGACY_PORT=${LEGACY_PORT:-80}
UPLINK_IF=${UPLINK_IF:-eth0}
CHAIN=OCPP_GW

say() { echo "[ocpp-fw] $*"; }

if [ "$(id -u)" -ne 0 ]; then
    RUN="sudo"
else
    RUN=""
fi

ipt() {
    $RUN iptables -w 5 "$@"
}

rule_present() {
    # iptables -C returns 0 when the rule already exists
    ipt -C "$@" 2>/dev/null
}

ensure_rule() {
    table_args=$1; shift
    # shellcheck disable=SC2086
    if ! rule_present $table_args "$@"; then
        # shellcheck disable=SC2086
        ipt $table_args -A "$@"
        say "added: $table_args $*"
    fi
}

setup_chain() {
    if ! ipt -L "$CHAIN" -n >/dev/null 2>&1; then
        ipt -N "$CHAIN"
        say "created chain $CHAIN"
    fi
    rule_present INPUT -i "$CHARGER_IF" -j "$CHAIN" || ipt -I INPUT 1 -i "$CHARGER_IF" -j "$CHAIN"
    ensure_rule "" "$CHAIN" -s "$CHARGER_NET" -p tcp --dport "$OCPP_PORT" \
        -m conntrack --ctstate NEW,ESTABLISHED -j ACCEPT
    ensure_rule "" "$CHAIN" -s "$CHARGER_NET" -p udp --dport 123 -j ACCEPT
    ensure_rule "" "$CHAIN" -j RETURN
}

setup_legacy_redirect() {
    ensure_rule "-t nat" PREROUTING -i "$CHARGER_IF" -s "$CHARGER_NET" -p tcp \
        --dport "$LEGACY_PORT" -j REDIRECT --to-ports "$OCPP_PORT"
}

setup_forwarding() {
    current=$(sysctl -n net.ipv4.ip_forward)
    if [ "$current" != "1" ]; then
        $RUN sysctl -w net.ipv4.ip_forward=1 >/dev/null
        say "enabled IPv4 forwarding"
    fi
    ensure_rule "" FORWARD -i "$CHARGER_IF" -o "$UPLINK_IF" -s "$CHARGER_NET" \
        -p tcp --dport 443 -j ACCEPT
    ensure_rule "" FORWARD -i "$UPLINK_IF" -o "$CHARGER_IF" \
        -m conntrack --ctstate ESTABLISHED,RELATED -j ACCEPT
    ensure_rule "-t nat" POSTROUTING -s "$CHARGER_NET" -o "$UPLINK_IF" -j MASQUERADE
}

case "${1:-apply}" in
    apply)
        setup_chain
        setup_legacy_redirect
        setup_forwarding
        say "rules for $CHARGER_NET on $CHARGER_IF:$OCPP_PORT in place"
        ;;
    show)
        ipt -L "$CHAIN" -n -v --line-numbers
        ipt -t nat -L PREROUTING -n -v
        ;;
    *)
        echo "usage: $0 [apply|show]" >&2
        exit 64
        ;;
esac
