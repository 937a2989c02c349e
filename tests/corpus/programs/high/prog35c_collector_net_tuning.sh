#!/bin/sh
# collector_net_tuning.sh - kernel network tuning for the high-rate UDP
# telemetry collectors (large socket buffers, BBR, wider port range).
#
# usage: collector_net_tuning.sh [apply|show|revert]
set -eu

CONF=/etc/sysctl.d/60-telemetry-collector.conf
MODLOAD=/etc/modules-load.d/telemetry-collector.conf
BACKUP_DIR=./tuning-backup

log() { echo "[net-tuning] $*" >&2; }

need_root() {
    if [ "$(id -u)" -ne 0 ]; then
        log "must run as root"
        exit 1
    fi
}

render_conf() {
    mem_kb=$(awk '/^MemTotal:/ {print $2}' /proc/meminfo)
    # scale the max buffer with RAM: 64 MiB on small boxes, 256 MiB on big ones
    if [ "$mem_kb" -gt 33554432 ]; then
        rmem_max=268435456
    else
        rmem_max=67108864
    fi
    cat <<EOF
# managed by collector_net_tuning.sh - do not edit by hand
net.core.rmem_max = $rmem_max
net.core.rmem_default = 8388608
net.core.wmem_max = $rmem_max
net.core.netdev_max_backlog = 250000
net.ipv4.udp_mem = 65536 131072 262144
net.ipv4.udp_rmem_min = 16384
net.ipv4.ip_local_port_range = 10240 65000
net.core.default_qdisc = fq
net.ipv4.tcp_congestion_control = bbr
EOF
}

show() {
    for key in net.core.rmem_max net.core.wmem_max net.core.netdev_max_backlog \
               net.ipv4.udp_mem net.ipv4.tcp_congestion_control; do
        printf '%-36s %s\n' "$key" "$(sysctl -n "$key" 2>/dev/null || echo '?')"
    done
}

apply() {
    need_root
    mkdir -p "$BACKUP_DIR"
    show > "$BACKUP_DIR/before-$(date +%Y%m%d%H%M%S).txt"

    if ! lsmod | grep -q '^tcp_bbr'; then
        log "loading tcp_bbr"
        modprobe tcp_bbr
    fi
    echo tcp_bbr > "$MODLOAD"
    chmod 0644 "$MODLOAD"

    tmp="$CONF.new"
    render_conf > "$tmp"
    if [ -f "$CONF" ] && cmp -s "$tmp" "$CONF"; then
        rm -f "$tmp"
        log "$CONF unchanged"
    else
        [ -f "$CONF" ] && cp -p "$CONF" "$BACKUP_DIR/$(basename "$CONF").bak"
        mv "$tmp" "$CONF"
        chown root:root "$CONF"
        chmod 0644 "$CONF"
        log "wrote $CONF"
    fi
    sysctl --system >/dev/null
    log "settings applied:"
    show
}

revert() {
    need_root
    rm -f "$CONF" "$MODLOAD"
    if [ -f "$BACKUP_DIR/$(basename "$CONF").bak" ]; then
        cp -p "$BACKUP_DIR/$(basename "$CONF").bak" "$CONF"
    fi
    sysctl -w net.ipv4.tcp_congestion_control=cubic >/dev/null
    sysctl --system >/dev/null
    log "reverted"
}

case "${1:-show}" in
    apply)  apply ;;
    show)   show ;;
    revert) revert ;;
    *) echo "usage: $0 [apply|show|revert]" >&2; exit 1 ;;
esac
