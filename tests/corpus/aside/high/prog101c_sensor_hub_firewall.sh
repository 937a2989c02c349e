#!/bin/sh
# sensor_hub_firewall.sh - let the wireless tank sensors reach the MQTT hub.
#
# The ESP32 sensor pucks in the fish room publish to mosquitto on the back
# office box (1883/tcp) and announce themselves over mDNS.  The box ships
# with a default-deny INPUT chain, so add narrow accept rules for the sensor
# VLAN only and save them so they survive a reboot.
#
# usage: sensor_hub_firewall.sh [-s SUBNET] [-p PORT] [--remove]

set -eu

SENSOR_SUBNET=${SENSOR_SUBNET:-192.168.40.0/24}
MQTT_PORT=${MQTT_PORT:-1883}
COMMENT="tank-sensor-hub"
RULES_FILE=/etc/iptables/rules.v4
ACTION=add

say() { printf '[sensor-fw] %s\n' "$*"; }

while [ $# -gt 0 ]; do
    case "$1" in
        -s) shift; SENSOR_SUBNET=$1 ;;
        -p) shift; MQTT_PORT=$1 ;;
        --remove) ACTION=remove ;;
        -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
        *) say "unknown option $1"; exit 2 ;;
    esac
    shift
done

# doas on the OpenBSD-style boxes, sudo elsewhere
if [ "$(id -u)" -eq 0 ]; then
    PRIV=""
elif command -v doas >/dev/null 2>&1; then
    PRIV="doas"
else
    PRIV="sudo"
fi

ipt() {
    $PRIV iptables "$@"
}

have_rule() {
    ipt -C INPUT "$@" 2>/dev/null
}

rule_specs() {
    echo "-p tcp -s $SENSOR_SUBNET --dport $MQTT_PORT -m comment --comment $COMMENT -j ACCEPT"
    echo "-p udp -s $SENSOR_SUBNET --dport 5353 -m comment --comment $COMMENT -j ACCEPT"
}

apply_rules() {
    rule_specs | while read -r spec; do
        # shellcheck disable=SC2086
        if have_rule $spec; then
            say "present: $spec"
        else
            # shellcheck disable=SC2086
            ipt -I INPUT 1 $spec
            say "added:   $spec"
        fi
    done
}

remove_rules() {
    rule_specs | while read -r spec; do
        # shellcheck disable=SC2086
        while have_rule $spec; do
            ipt -D INPUT $spec
            say "removed: $spec"
        done
    done
}

persist() {
    if [ -d "$(dirname "$RULES_FILE")" ]; then
        $PRIV sh -c "iptables-save > $RULES_FILE"
        say "saved to $RULES_FILE"
    else
        say "iptables-persistent not installed; rules will not survive a reboot"
    fi
}

case "$ACTION" in
    add) apply_rules ;;
    remove) remove_rules ;;
esac
persist
ipt -L INPUT -n --line-numbers | grep "$COMMENT" || say "no sensor rules active"
