#!/usr/bin/env bash
# Network setup for the plant gateway between the office LAN and the
# crusher/screen PLC network. Opens Modbus and OPC UA from the SCADA subnet
# and enables forwarding so the historian can reach the PLCs.
set -euo pipefail

SCADA_NET="${SCADA_NET:-192.0.2.0/24}"
PLC_NET="${PLC_NET:-198.51.100.0/24}"
OFFICE_IF="${OFFICE_IF:-eth0}"
PLC_IF="${PLC_IF:-eth1}"
SYSCTL_FILE="/etc/sysctl.d/60-plant-gateway.conf"
CHAIN="PLANT_GW"

declare -A PORTS=(
    [modbus]=502
    [opcua]=4840
    [historian]=8086
)

SUDO=()
if [ "$(id -u)" -ne 0 ]; then
    SUDO=(sudo)
fi

run() {
    printf '+ %s\n' "$*"
    "${SUDO[@]}" "$@"
}

fw() { run iptables -w "$@"; }

ensure_chain() {
    if ! "${SUDO[@]}" iptables -w -nL "$CHAIN" >/dev/null 2>&1; then
        fw -N "$CHAIN"
    fi
    if ! "${SUDO[@]}" iptables -w -C FORWARD -j "$CHAIN" 2>/dev/null; then
        fw -I FORWARD 1 -j "$CHAIN"
    fi
}

add_rule() {
    # add_rule <port> <comment>
    local spec=( -i "$OFFICE_IF" -o "$PLC_IF" -s "$SCADA_NET" -d "$PLC_NET"
                 -p tcp --dport "$1" -m comment --comment "plant-gw $2" -j ACCEPT )
    if ! "${SUDO[@]}" iptables -w -C "$CHAIN" "${spec[@]}" 2>/dev/null; then
        fw -A "$CHAIN" "${spec[@]}"
    fi
}

allow_return() {
    local spec=( -i "$PLC_IF" -o "$OFFICE_IF" -m conntrack
                 --ctstate ESTABLISHED,RELATED -j ACCEPT )
    if ! "${SUDO[@]}" iptables -w -C "$CHAIN" "${spec[@]}" 2>/dev/null; then
        fw -A "$CHAIN" "${spec[@]}"
    fi
}

kernel_settings() {
    local conf
    conf="$(cat <<EOF
# plant gateway, managed by plant_gateway_netsetup.sh
net.ipv4.ip_forward = 1
net.ipv4.conf.all.rp_filter = 1
net.ipv4.conf.${PLC_IF}.accept_redirects = 0
EOF
)"
    printf '%s\n' "$conf" | run tee "$SYSCTL_FILE" >/dev/null
    run sysctl -p "$SYSCTL_FILE"
}

show() {
    "${SUDO[@]}" iptables -w -nvL "$CHAIN"
    sysctl net.ipv4.ip_forward
}

main() {
    case "${1:-apply}" in
        apply)
            kernel_settings
            ensure_chain
            local name
            for name in "${!PORTS[@]}"; do
                add_rule "${PORTS[$name]}" "$name"
            done
            allow_return
            show
            ;;
        show)
            show
            ;;
        *)
            echo "usage: $0 [apply|show]" >&2
            exit 2
            ;;
    esac
}

main "$@"
