#!/usr/bin/env bash
# opcua_gateway_firewall.sh - open the brewhouse OPC-UA gateway to the cellar VLAN
#
# The OPC-UA gateway on this box (port 4840) and the Modbus bridge (502)
# must be reachable from the brewhouse PLCs on 10.20.0.0/24 and from the
# historian server. Everything else stays as the base image configured it.
# Also raises the socket buffer limits the gateway vendor recommends for
# subscriptions with many monitored items.
#
#   ./opcua_gateway_firewall.sh [-s subnet] [-H historian_ip] [--remove]

set -euo pipefail

SUBNET="10.20.0.0/24"
HISTORIAN="10.20.1.5"
PORTS=(4840 502)
ACTION=add
COMMENT="brewhouse-opcua"

usage() { sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'; exit "${1:-0}"; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        -s) SUBNET="$2"; shift 2 ;;
        -H) HISTORIAN="$2"; shift 2 ;;
        --remove) ACTION=remove; shift ;;
        -h|--help) usage ;;
        *) usage 2 ;;
    esac
done

SUDO=""
[[ $EUID -ne 0 ]] && SUDO="sudo"
IPT="$SUDO iptables"

rule_args() {
    local src="$1" port="$2"
    echo "INPUT -p tcp -s $src --dport $port -m conntrack --ctstate NEW -m comment --comment $COMMENT -j ACCEPT"
}

apply_rule() {
    local src="$1" port="$2" spec
    spec=$(rule_args "$src" "$port")
    if [[ $ACTION == add ]]; then
        if $IPT -C $spec 2>/dev/null; then
            echo "  present: $src -> $port"
        else
            $IPT -I $spec
            echo "  added:   $src -> $port"
        fi
    else
        while $IPT -C $spec 2>/dev/null; do
            $IPT -D $spec
            echo "  removed: $src -> $port"
        done
    fi
}

echo "[1/3] iptables rules ($ACTION)"
for port in "${PORTS[@]}"; do
    apply_rule "$SUBNET" "$port"
    apply_rule "$HISTORIAN/32" "$port"
done

echo "[2/3] kernel socket buffers"
if [[ $ACTION == add ]]; then
    $SUDO sysctl -w net.core.rmem_max=8388608 net.core.wmem_max=8388608 >/dev/null
    $SUDO sysctl -w net.ipv4.tcp_keepalive_time=120 >/dev/null
    printf 'net.core.rmem_max = 8388608\nnet.core.wmem_max = 8388608\nnet.ipv4.tcp_keepalive_time = 120\n' \
        | $SUDO tee /etc/sysctl.d/60-opcua-gateway.conf >/dev/null
else
    $SUDO rm -f /etc/sysctl.d/60-opcua-gateway.conf
fi

echo "[3/3] saving rules"
if command -v netfilter-persistent >/dev/null; then
    $SUDO netfilter-persistent save
elif [[ -d /etc/iptables ]]; then
    $IPT-save | $SUDO tee /etc/iptables/rules.v4 >/dev/null
else
    echo "  no persistence helper found; rules last until reboot"
fi

$IPT -S INPUT | grep -- "$COMMENT" || echo "  (no $COMMENT rules active)"
