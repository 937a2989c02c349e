#!/bin/bash
# Open the Modbus and OPC UA ports on the pour-station HMI host for the
# casting pit PLC subnet only, and apply the kernel network settings the
# HMI vendor recommends.

set -euo pipefail

PLC_SUBNET=${PLC_SUBNET:-192.0.2.0/24}
HMI_IFACE=${HMI_IFACE:-eth1}
PORTS_TCP="502 4840"
CHAIN=POURLINE
SYSCTL_FILE=/etc/sysctl.d/60-pourline.conf

log() { printf '[pour-fw] %s\n' "$*"; }

as_root() {
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    else
        sudo "$@"
    fi
}

ensure_chain() {
    if ! as_root iptables -nL "$CHAIN" >/dev/null 2>&1; then
        as_root iptables -N "$CHAIN"
        log "created chain $CHAIN"
    fi
    if ! as_root iptables -C INPUT -i "$HMI_IFACE" -j "$CHAIN" 2>/dev/null; then
        as_root iptables -I INPUT 1 -i "$HMI_IFACE" -j "$CHAIN"
    fi
}

apply_rules() {
    as_root iptables -F "$CHAIN"
    for port in $PORTS_TCP; do
        as_root iptables -A "$CHAIN" -p tcp -s "$PLC_SUBNET" --dport "$port" \
            -m conntrack --ctstate NEW,ESTABLISHED -j ACCEPT
        as_root iptables -A "$CHAIN" -p tcp --dport "$port" -j DROP
        log "port $port open to $PLC_SUBNET only"
    done
    as_root iptables -A "$CHAIN" -j RETURN
}

apply_sysctl() {
    local tmp
    tmp=$(mktemp ./sysctl.XXXXXX)
    cat > "$tmp" <<EOF
net.ipv4.conf.$HMI_IFACE.rp_filter = 1
net.ipv4.tcp_keepalive_time = 60
net.ipv4.tcp_keepalive_intvl = 10
net.ipv4.tcp_keepalive_probes = 5
EOF
    as_root install -m 0644 "$tmp" "$SYSCTL_FILE"
    rm -f "$tmp"
    as_root sysctl -p "$SYSCTL_FILE" >/dev/null
    log "sysctl settings applied from $SYSCTL_FILE"
}

save_rules() {
    if command -v netfilter-persistent >/dev/null 2>&1; then
        as_root netfilter-persistent save >/dev/null
    elif [ -d /etc/iptables ]; then
        as_root sh -c 'iptables-save > /etc/iptables/rules.v4'
    else
        log "no persistence helper; rules last until reboot"
    fi
}

show() {
    as_root iptables -nvL "$CHAIN"
}

case "${1:-apply}" in
    apply)
        ensure_chain
        apply_rules
        apply_sysctl
        save_rules
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
