#!/bin/sh
# Allow the retort PLCs and the emissions monitor to reach the
# supervisory PC, and harden the kernel network settings on that PC.
# Run on the supervisory PC after a reinstall.

set -eu

PLC_SUBNET="${PLC_SUBNET:-192.0.2.0/28}"
EMISSIONS_HOST="${EMISSIONS_HOST:-192.0.2.20}"
IFACE="${IFACE:-enp2s0}"
SYSCTL_FILE="/etc/sysctl.d/60-crematory-scada.conf"
DRY_RUN="${DRY_RUN:-0}"

run() {
    if [ "$DRY_RUN" = "1" ]; then
        echo "would run: $*"
    else
        sudo "$@"
    fi
}

rule_exists() {
    sudo iptables -C "$@" 2>/dev/null
}

add_rule() {
    if rule_exists "$@"; then
        echo "rule present: $*"
    else
        run iptables -A "$@"
    fi
}

open_plc_ports() {
    for port in 502 44818; do
        add_rule INPUT -i "$IFACE" -s "$PLC_SUBNET" -p tcp --dport "$port" -j ACCEPT
    done
    add_rule INPUT -i "$IFACE" -s "$EMISSIONS_HOST" -p udp --dport 161 -j ACCEPT
    add_rule INPUT -i "$IFACE" -p tcp --dport 502 -j DROP
}

write_sysctl() {
    tmp=$(mktemp)
    cat > "$tmp" <<EOF
net.ipv4.ip_forward = 0
net.ipv4.conf.all.accept_redirects = 0
net.ipv4.conf.all.send_redirects = 0
net.ipv4.conf.all.rp_filter = 1
net.ipv4.tcp_syncookies = 1
EOF
    run install -m 0644 -o root -g root "$tmp" "$SYSCTL_FILE"
    rm -f "$tmp"
    run sysctl -p "$SYSCTL_FILE"
}

save_rules() {
    run mkdir -p /etc/iptables
    run sh -c 'iptables-save > /etc/iptables/rules.v4'
}

show() {
    sudo iptables -S INPUT | grep -E "502|44818|161" || true
    sysctl net.ipv4.ip_forward net.ipv4.conf.all.rp_filter
}

case "${1:-apply}" in
    apply)
        open_plc_ports
        write_sysctl
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
