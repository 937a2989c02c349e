#!/bin/sh
# avl_receiver_tuning.sh - tune a host that receives bus AVL (automatic
# vehicle location) UDP bursts from ~1,200 onboard units.
#
# Without larger socket buffers the receiver drops position reports during
# the morning peak when all buses report at once. This raises the UDP
# buffer limits, persists them and prints before/after counters.
#
#   avl_receiver_tuning.sh [apply|show|revert]
set -eu

PERSIST_FILE=/etc/sysctl.d/60-avl-receiver.conf
ACTION="${1:-apply}"

# key=value pairs applied in order
SETTINGS="
net.core.rmem_max=33554432
net.core.rmem_default=8388608
net.core.netdev_max_backlog=16384
net.ipv4.udp_rmem_min=16384
net.ipv4.udp_mem=262144 524288 1048576
"

msg() { printf '[avl-tune] %s\n' "$*"; }

# Pick whichever privilege tool the image ships with.
priv() {
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    elif command -v doas >/dev/null 2>&1; then
        doas "$@"
    else
        sudo "$@"
    fi
}

udp_drops() {
    awk '/^Udp:/ { if (hdr) { print "InErrors=" $4 " RcvbufErrors=" $6 } hdr=1 }' /proc/net/snmp
}

show() {
    echo "$SETTINGS" | while IFS='=' read -r key _; do
        [ -n "$key" ] || continue
        printf '%-32s %s\n' "$key" "$(sysctl -n "$key" 2>/dev/null || echo n/a)"
    done
    msg "udp counters: $(udp_drops)"
}

apply_live() {
    echo "$SETTINGS" | while IFS='=' read -r key value; do
        [ -n "$key" ] || continue
        priv sysctl -q -w "$key=$value" || msg "could not set $key"
    done
}

persist() {
    tmp="./.avl-sysctl.$$"
    {
        echo "# AVL receiver buffer tuning (avl_receiver_tuning.sh)"
        echo "$SETTINGS" | sed '/^$/d; s/=/ = /'
    } > "$tmp"
    priv cp "$tmp" "$PERSIST_FILE"
    priv chmod 0644 "$PERSIST_FILE"
    rm -f "$tmp"
    msg "persisted to $PERSIST_FILE"
}

revert() {
    if [ -f "$PERSIST_FILE" ]; then
        priv rm -f "$PERSIST_FILE"
        priv sysctl --system >/dev/null
        msg "removed $PERSIST_FILE and reloaded defaults"
    else
        msg "nothing to revert"
    fi
}

case "$ACTION" in
    show)
        show ;;
    apply)
        msg "before:"; show
        apply_live
        persist
        msg "after:"; show ;;
    revert)
        revert ;;
    *)
        echo "usage: $0 [apply|show|revert]" >&2; exit 2 ;;
esac
