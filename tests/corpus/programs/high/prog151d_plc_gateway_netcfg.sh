#!/usr/bin/env bash
# PLC VLAN gateway setup for the engineering laptop.
# The freezer room PLCs sit on their own VLAN. When the refrigeration
# contractor is on site they plug into the laptop, and this script forwards
# their Modbus / web ports through to the PLCs so they don't need a switch
# port of their own.
set -euo pipefail

PLC_NET="${PLC_NET:-198.51.100.0/24}"
UPLINK_IF="${UPLINK_IF:-eth0}"
PLC_IF="${PLC_IF:-eth1}"
PERSIST="${PERSIST:-yes}"

# external port -> plc address:port
declare -A FORWARDS=(
    [15021]="198.51.100.21:502"
    [15022]="198.51.100.22:502"
    [15023]="198.51.100.23:502"
    [18021]="198.51.100.21:80"
)

elevate() {
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    elif command -v sudo >/dev/null 2>&1; then
        sudo -- "$@"
    else
        doas "$@"
    fi
}

info() { printf '[netcfg] %s\n' "$*"; }

check_ifaces() {
    for i in "$UPLINK_IF" "$PLC_IF"; do
        if ! ip link show "$i" >/dev/null 2>&1; then
            info "interface $i not found"
            exit 1
        fi
    done
}

enable_forwarding() {
    local knob="net.ipv4.ip_forward"
    elevate sysctl -w "${knob}=1" >/dev/null
    if [ "$PERSIST" = "yes" ]; then
        printf '%s = 1\n' "$knob" | elevate tee /etc/sysctl.d/60-plc-gateway.conf >/dev/null
        info "forwarding persisted in /etc/sysctl.d"
    fi
}

add_rule() {
    # only add a rule if it is not there yet
    local table="$1"; shift
    if ! elevate iptables -t "$table" -C "$@" 2>/dev/null; then
        elevate iptables -t "$table" -A "$@"
    fi
}

apply_forwards() {
    local ext dst
    for ext in "${!FORWARDS[@]}"; do
        dst="${FORWARDS[$ext]}"
        add_rule nat PREROUTING -i "$UPLINK_IF" -p tcp --dport "$ext" -j DNAT --to-destination "$dst"
        add_rule filter FORWARD -i "$UPLINK_IF" -o "$PLC_IF" -p tcp -d "${dst%%:*}" --dport "${dst##*:}" -j ACCEPT
        info "port $ext -> $dst"
    done
    add_rule nat POSTROUTING -o "$PLC_IF" -d "$PLC_NET" -j MASQUERADE
    add_rule filter FORWARD -i "$PLC_IF" -o "$UPLINK_IF" -m state --state ESTABLISHED,RELATED -j ACCEPT
}

show() {
    elevate iptables -t nat -S PREROUTING | grep DNAT || true
}

main() {
    case "${1:-up}" in
        up)
            check_ifaces
            enable_forwarding
            apply_forwards
            show
            ;;
        show) show ;;
        *) echo "usage: $0 [up|show]"; exit 2 ;;
    esac
}

main "$@"
