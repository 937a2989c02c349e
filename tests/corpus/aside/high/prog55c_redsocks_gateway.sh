#!/bin/sh
# Route outbound TCP from the lab VLAN through the upstream SOCKS5 proxy
# using redsocks as a transparent proxy. Run on the lab gateway.
#   usage: redsocks_gateway.sh up|down|status
set -eu

LAB_IF=${LAB_IF:-eth1}
LAB_NET=${LAB_NET:-10.44.0.0/16}
SOCKS_HOST=${SOCKS_HOST:-socks.corp.example.com}
SOCKS_PORT=${SOCKS_PORT:-1080}
LOCAL_PORT=12345
CONF=/etc/redsocks.conf
CHAIN=REDSOCKS

as_root() {
    if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

write_conf() {
    tmp="./redsocks.conf.new"
    cat > "$tmp" <<EOF
base {
    log_debug = off;
    log_info = on;
    log = "syslog:daemon";
    daemon = on;
    redirector = iptables;
}
redsocks {
    local_ip = 0.0.0.0;
    local_port = $LOCAL_PORT;
    ip = $SOCKS_HOST;
    port = $SOCKS_PORT;
    type = socks5;
}
EOF
    as_root install -m 0644 -o root -g root "$tmp" "$CONF"
    rm -f "$tmp"
}

rules_down() {
    as_root iptables -t nat -D PREROUTING -i "$LAB_IF" -s "$LAB_NET" -p tcp -j "$CHAIN" 2>/dev/null || true
    # remove only our own rules, one by one, then the (now empty) chain
    while as_root iptables -t nat -D "$CHAIN" 1 2>/dev/null; do :; done
    as_root iptables -t nat -X "$CHAIN" 2>/dev/null || true
}

rules_up() {
    rules_down
    as_root iptables -t nat -N "$CHAIN"
    for reserved in 0.0.0.0/8 10.0.0.0/8 127.0.0.0/8 169.254.0.0/16 172.16.0.0/12 192.168.0.0/16 224.0.0.0/4 240.0.0.0/4; do
        as_root iptables -t nat -A "$CHAIN" -d "$reserved" -j RETURN
    done
    as_root iptables -t nat -A "$CHAIN" -p tcp -j REDIRECT --to-ports "$LOCAL_PORT"
    as_root iptables -t nat -C PREROUTING -i "$LAB_IF" -s "$LAB_NET" -p tcp -j "$CHAIN" 2>/dev/null ||
        as_root iptables -t nat -A PREROUTING -i "$LAB_IF" -s "$LAB_NET" -p tcp -j "$CHAIN"
}

case "${1:-status}" in
    up)
        as_root modprobe nf_nat
        as_root modprobe xt_REDIRECT || true
        as_root sysctl -w net.ipv4.ip_forward=1 >/dev/null
        as_root sysctl -w net.ipv4.conf."$LAB_IF".route_localnet=1 >/dev/null
        write_conf
        rules_up
        as_root systemctl restart redsocks
        echo "lab traffic from $LAB_NET now goes via $SOCKS_HOST:$SOCKS_PORT"
        ;;
    down)
        rules_down
        as_root systemctl stop redsocks || true
        echo "transparent proxy disabled"
        ;;
    status)
        systemctl is-active redsocks || true
        as_root iptables -t nat -S "$CHAIN" 2>/dev/null || echo "chain $CHAIN absent"
        sysctl net.ipv4.ip_forward
        ;;
    *)
        echo "usage: $0 up|down|status" >&2
        exit 64
        ;;
esac
